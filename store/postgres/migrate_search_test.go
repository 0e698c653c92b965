package postgres_test

import (
	"fmt"
	"slices"
	"testing"

	"vigil"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
)

// TestMigrationStripsBodyPositions takes a database back to schema 5, whose
// search vectors held the positions of every word (title A, body D), and to
// schema 6, whose vectors are those of today kept as tsvector, and checks
// that migrating it gives every item the vector an item stored now gets,
// keeps the items as they were, caps the GIN index's pending list and still
// finds phrases, in the title and in the body.
func TestMigrationStripsBodyPositions(t *testing.T) {
	for _, tt := range []struct {
		version int
		vector  string // the search vector of schema version, from $1 (title) and $2 (body)
	}{
		{5, `setweight(to_tsvector('simple', $1), 'A') || setweight(to_tsvector('simple', $2), 'D')`},
		{6, `setweight(to_tsvector('simple', $1), 'A') || strip(to_tsvector('simple', $2))`},
	} {
		t.Run(fmt.Sprint(tt.version), func(t *testing.T) { testSearchMigration(t, tt.version, tt.vector) })
	}
}

// schemaV6Search takes the items' search column back to schema 6: a
// tsvector column, indexed, in place of the search text.
const schemaV6Search = `
DROP INDEX items_search;
ALTER TABLE items DROP COLUMN search_text, ADD COLUMN search TSVECTOR NOT NULL DEFAULT ''::tsvector;
ALTER TABLE items ALTER COLUMN search DROP DEFAULT;
CREATE INDEX items_search ON items USING GIN (search);
DROP FUNCTION IF EXISTS vigil_search_text(tsvector, tsvector);
DROP FUNCTION IF EXISTS vigil_lexemes(tsvector);`

// textVector is the search vector schema 7 indexes, from the search text.
const textVector = `(setweight(split_part(search_text, E'\n', 1)::tsvector, 'A') || split_part(search_text, E'\n', 2)::tsvector)`

// testSearchMigration stores two items, sets the database back to schema
// version with the search vectors vector computes, migrates it and checks
// the items, their vectors and searches.
func testSearchMigration(t *testing.T, version int, vector string) {
	dsn := pgtest.Schema(t)
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub, err := db.Subscribe(ctx, u.ID, "https://birds.example/feed", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	items := []vigil.Item{
		{Key: "a", Hash: "a", Title: "A red kestrel", Summary: "<p>Over the field</p>", Content: "<p>Over the field, a kestrel hovers; the kestrel dives.</p>"},
		{Key: "b", Hash: "b", Title: "Field notes", Summary: "Café crème", Content: "<p>Dawn at the café: a red kite, then a kestrel.</p>"},
		// PostgreSQL's parser read the address and the number as words of
		// their own; migration 9 indexes the words in them
		{Key: "c", Hash: "c", Title: "Nest cams", Content: "<p>Live at www.hawk-watch.example/nests, 1.5 m up.</p>"},
	}
	if _, err := db.Ingest(ctx, vigil.Fetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: t0, Status: 200}, Items: items},
		func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
	before, err := db.ItemsAfter(ctx, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	p := db.Pool()
	if _, err := p.Exec(ctx, `CREATE TABLE want AS SELECT id, `+textVector+` AS search FROM items`); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Exec(ctx, schemaV6Search); err != nil {
		t.Fatal(err)
	}
	for _, it := range before {
		title, body := postgres.SearchText(it.Title, it.Summary, it.Content)
		if _, err := p.Exec(ctx, `UPDATE items SET search = `+vector+` WHERE id = $3`, title, body, it.ID); err != nil {
			t.Fatal(err)
		}
	}
	if version < 6 {
		if _, err := p.Exec(ctx, `ALTER INDEX items_search RESET (gin_pending_list_limit)`); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.Exec(ctx, dropAlerts); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Exec(ctx, `UPDATE vigil_schema SET version = $1`, version); err != nil {
		t.Fatal(err)
	}
	// schema 5's vectors all differ from today's; schema 6's differ only
	// where PostgreSQL's parser found other words (item c)
	wantChanged := map[int]int{5: len(items), 6: 1}[version]
	var changed int
	if err := p.QueryRow(ctx, `SELECT count(*) FROM items i JOIN want w USING (id) WHERE i.search <> w.search`).Scan(&changed); err != nil ||
		changed != wantChanged {
		t.Fatalf("%d of %d vectors differ from today's at schema %d (%v): the test would prove nothing", changed, len(items), version, err)
	}
	db.Close()

	db, err = postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("Open of schema 5: %v", err)
	}
	defer db.Close()
	p = db.Pool()
	var differ int
	if err := p.QueryRow(ctx, `SELECT count(*) FROM items JOIN want w USING (id) WHERE `+textVector+` <> w.search`).Scan(&differ); err != nil || differ != 0 {
		t.Errorf("%d migrated vectors differ from those of items stored now (%v)", differ, err)
	}
	var options []string
	if err := p.QueryRow(ctx, `SELECT reloptions FROM pg_class WHERE relname = 'items_search' AND relnamespace = current_schema()::regnamespace`).Scan(&options); err != nil ||
		len(options) != 1 || options[0] != "gin_pending_list_limit=256" {
		t.Errorf("items_search options = %v (%v), want gin_pending_list_limit=256", options, err)
	}
	after, err := db.ItemsAfter(ctx, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Fatalf("%d items after migration, want %d", len(after), len(before))
	}
	for i := range after {
		if after[i].Title != before[i].Title || after[i].Summary != before[i].Summary || after[i].Content != before[i].Content {
			t.Errorf("item %d after migration = %+v, want %+v", after[i].ID, after[i], before[i])
		}
	}
	for _, tt := range []struct {
		query string
		want  []string
	}{
		{`"red kestrel"`, []string{"a"}},
		{`"red kite"`, []string{"b"}},
		{`kestrel cafe`, []string{"b"}},
		{`kestrel`, []string{"a", "b"}}, // a has it in its title
		{`watch nests`, []string{"c"}},
		{`1.5`, []string{"c"}},
	} {
		found, err := db.SearchItems(ctx, u.ID, tt.query, 0)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, it := range found {
			got = append(got, it.Key)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("search %q after migration = %v, want %v", tt.query, got, tt.want)
		}
	}
}
