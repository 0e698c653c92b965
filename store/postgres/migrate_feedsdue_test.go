package postgres_test

import (
	"testing"

	"vigil"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
)

// TestMigrationDropsTheLoneNextFetchIndex takes a database back to the
// schema before the migration that drops it (version 16, so 15), with its index on next_fetch alone,
// and checks that migrating it drops that index, keeps feeds_due, and
// still lists the due feeds.
func TestMigrationDropsTheLoneNextFetchIndex(t *testing.T) {
	dsn := pgtest.Schema(t)
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub, err := db.Subscribe(ctx, u.ID, "https://due.example/feed", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	db = migrateFrom(t, db, dsn, `CREATE INDEX feeds_next_fetch ON feeds(next_fetch);
		ALTER TABLE accesses DROP COLUMN feed_id;
		UPDATE vigil_schema SET version = 15`)
	var names []string
	err = db.Pool().QueryRow(ctx, `SELECT array_agg(indexname::text ORDER BY indexname) FROM pg_indexes
		WHERE schemaname = current_schema() AND indexname IN ('feeds_next_fetch', 'feeds_due')`).Scan(&names)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 1 || names[0] != "feeds_due" {
		t.Errorf("indexes on next_fetch after migration = %v, want only feeds_due", names)
	}
	due, err := db.DueFeeds(ctx, t0, 0)
	if err != nil || len(due) != 1 || due[0].ID != sub.Feed.ID {
		t.Errorf("due feeds after migration = %v, %v; want feed %d", due, err, sub.Feed.ID)
	}
}
