package postgres_test

import (
	"slices"
	"testing"

	"vigil"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
)

// TestMigrationStripsBodyPositions takes a database back to schema 5, whose
// search vectors held the positions of every word (title A, body D), and
// checks that migrating it gives every item the vector an item stored now
// gets, keeps the items as they were, caps the GIN index's pending list
// and still finds phrases, in the title and in the body.
func TestMigrationStripsBodyPositions(t *testing.T) {
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
	if _, err := p.Exec(ctx, `CREATE TABLE want AS SELECT id, search FROM items`); err != nil {
		t.Fatal(err)
	}
	for _, it := range before {
		title, body := postgres.SearchText(it.Title, it.Summary, it.Content)
		_, err := p.Exec(ctx, `UPDATE items SET search = setweight(to_tsvector('simple', $1), 'A') || setweight(to_tsvector('simple', $2), 'D') WHERE id = $3`,
			title, body, it.ID)
		if err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.Exec(ctx, `ALTER INDEX items_search RESET (gin_pending_list_limit); UPDATE vigil_schema SET version = 5`); err != nil {
		t.Fatal(err)
	}
	var changed int
	if err := p.QueryRow(ctx, `SELECT count(*) FROM items i JOIN want w USING (id) WHERE i.search <> w.search`).Scan(&changed); err != nil || changed != len(items) {
		t.Fatalf("%d of %d vectors set back to schema 5 (%v): the test would prove nothing", changed, len(items), err)
	}
	db.Close()

	db, err = postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("Open of schema 5: %v", err)
	}
	defer db.Close()
	p = db.Pool()
	var differ int
	if err := p.QueryRow(ctx, `SELECT count(*) FROM items i JOIN want w USING (id) WHERE i.search <> w.search`).Scan(&differ); err != nil || differ != 0 {
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
