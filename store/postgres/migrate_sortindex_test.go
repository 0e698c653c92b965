package postgres_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
)

// TestMigrationSortIndexes takes a database back to the sort indexes of
// an older schema, schema 7's that ended with the item ID and the lean ones
// of schema 8 without it, and checks that migrating it gives today's
// indexes, which end with the ID (schemaSortTies), with the primary key of
// schema 8, and lists the items in the same order, ties of sort time by ID
// included, page after page.
func TestMigrationSortIndexes(t *testing.T) {
	tests := []struct {
		name string
		back string
	}{
		{"schema 7", `DROP INDEX items_feed_sort; DROP INDEX items_sort;
			CREATE INDEX items_feed_sort ON items(feed_id, sort_at DESC, id DESC);
			CREATE INDEX items_sort ON items(sort_at DESC, id DESC);
			ALTER INDEX items_pkey RESET (fillfactor);` + dropAlerts + `
			UPDATE vigil_schema SET version = 7`},
		{"lean indexes", fmt.Sprintf(`DROP INDEX items_feed_sort; DROP INDEX items_sort;
			CREATE INDEX items_feed_sort ON items(feed_id, sort_at DESC);
			CREATE INDEX items_sort ON items(sort_at DESC);
			ALTER TABLE accesses DROP COLUMN feed_id;
			UPDATE vigil_schema SET version = %d`, postgres.MigrationCount()-2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { migrateSortIndexes(t, tt.back) })
	}
}

// migrateSortIndexes stores items with ties of sort time, takes the
// database back with the statements back and checks the migration.
func migrateSortIndexes(t *testing.T, back string) {
	dsn := pgtest.Schema(t)
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub, err := db.Subscribe(ctx, u.ID, "https://ties.example/feed", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	var items []vigil.Item
	for i, key := range []string{"a", "b", "c", "d", "e", "f", "g"} {
		it := vigil.Item{Key: key, Hash: key, Title: key}
		if i%3 != 0 {
			it.Published = t0.Add(-time.Duration(i/3) * time.Hour) // two items to an hour
		}
		items = append(items, it)
	}
	if _, err := db.Ingest(ctx, vigil.Fetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: t0, Status: 200}, Items: items},
		func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
	pages := func(db *postgres.DB) []string {
		var keys []string
		q := vigil.ItemQuery{UserID: u.ID, FeedID: sub.Feed.ID, Limit: 2}
		for {
			page, err := db.Items(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if len(page) == 0 {
				return keys
			}
			for _, it := range page {
				keys = append(keys, it.Key)
			}
			q.Before = page[len(page)-1].Cursor()
		}
	}
	before := pages(db)
	db = migrateFrom(t, db, dsn, back)
	var defs []string
	err = db.Pool().QueryRow(ctx, `SELECT array_agg(indexdef ORDER BY indexname) FROM pg_indexes
		WHERE schemaname = current_schema() AND indexname IN ('items_feed_sort', 'items_sort', 'items_pkey')`).Scan(&defs)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"(feed_id, sort_at DESC, id DESC)", "(id) WITH (fillfactor='100')", "(sort_at DESC, id DESC)"} {
		if i >= len(defs) || !strings.HasSuffix(defs[i], want) {
			t.Errorf("index definitions after migration = %q, want ones ending %q", defs, want)
		}
	}
	if after := pages(db); len(before) != len(items) || !slices.Equal(after, before) {
		t.Errorf("items listed after migration %v, before %v", after, before)
	}
}
