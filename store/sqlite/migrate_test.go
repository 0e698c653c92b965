package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"vigil"
	"vigil/store"
)

func TestMigrationsApplyInOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	saved := migrations
	t.Cleanup(func() { migrations = saved })
	migrations = append(append([]migration{}, saved...),
		migration{sql: `CREATE TABLE extra (id INTEGER PRIMARY KEY, note TEXT NOT NULL)`},
		migration{sql: `INSERT INTO extra (note) SELECT 'after ' || count(*) FROM sqlite_schema WHERE name = 'extra'`},
	)
	db, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	version, err := userVersion(context.Background(), db.read)
	if err != nil || version != len(saved)+2 {
		t.Errorf("user_version = %d (%v), want %d", version, err, len(saved)+2)
	}
	var note string
	if err := db.read.QueryRow(`SELECT note FROM extra`).Scan(&note); err != nil || note != "after 1" {
		t.Errorf("second new migration saw %q (%v), want it to run after the first", note, err)
	}
}

func TestFailedMigrationRollsBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	saved := migrations
	t.Cleanup(func() { migrations = saved })
	migrations = append(append([]migration{}, saved...),
		migration{sql: `CREATE TABLE half (id INTEGER); SELECT no_such_function()`})
	_, err := Open(path)
	failing := fmt.Sprintf("migration %d", len(saved)+1)
	if err == nil || !strings.Contains(err.Error(), failing) || !strings.Contains(err.Error(), path) {
		t.Fatalf("Open = %v, want an error naming %s and the path", err, failing)
	}
	migrations = saved
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	version, err := userVersion(context.Background(), db.read)
	if err != nil || version != len(saved) {
		t.Errorf("user_version = %d (%v), want %d", version, err, len(saved))
	}
	var n int
	if err := db.read.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'half'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("the failed migration left its table behind (%d, %v)", n, err)
	}
}

func TestMigrationToV3IndexesStoredItems(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "vigil.db")
	saved := migrations
	t.Cleanup(func() { migrations = saved })
	migrations = saved[:2]
	pool, err := openPool(path, 1, writeParams(Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(ctx, pool, path, nil); err != nil {
		t.Fatal(err)
	}
	// A version 2 database: one user following one feed of 1,201 items
	// (more than two batches of indexStoredItems), the first 3 read.
	const items = 2*indexBatch + 201
	v2 := []string{
		`INSERT INTO users (id, name, created_at) VALUES (1, 'ann', 0)`,
		`INSERT INTO feeds (id, url, status, created_at, title, item_count) VALUES (1, 'https://example.com/feed', 'active', 0, 'Example', ` + fmt.Sprint(items) + `)`,
		`INSERT INTO subscriptions (user_id, feed_id, weight, created_at) VALUES (1, 1, 1, 0)`,
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ` + fmt.Sprint(items) + `)
		 INSERT INTO items (id, feed_id, key, hash, title, summary, content, seen, sort_at)
		 SELECT i, 1, 'k' || i, 'h' || i, 'Item ' || i, '<p>word' || i || '</p>',
			CASE i % 2 WHEN 0 THEN '<p>even &amp; <b>bold</b></p>' ELSE '' END, i, i FROM n`,
		`INSERT INTO item_states (user_id, item_id, feed_id, read) VALUES (1, 1, 1, 1), (1, 2, 1, 1), (1, 3, 1, 1)`,
	}
	for _, q := range v2 {
		if _, err := pool.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	pool.Close()
	migrations = saved
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	searches := []struct {
		query string
		want  int
	}{
		{"item", store.DefaultItemLimit},
		{"word1201", 1},
		{"word1", 1},
		{"word12*", 13}, // word12, word120..word129, word1200 and word1201
		{"even bold", store.DefaultItemLimit},
		{"amp", 0},
	}
	for _, s := range searches {
		found, err := db.SearchItems(ctx, 1, s.query, 0)
		if err != nil || len(found) != s.want {
			t.Errorf("search %q after the migration = %d items, %v; want %d", s.query, len(found), err, s.want)
		}
	}
	var indexed int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM items_fts`).Scan(&indexed); err != nil || indexed != items {
		t.Errorf("%d items indexed (%v), want %d", indexed, err, items)
	}
	list, err := db.Items(ctx, vigil.ItemQuery{UserID: 1, Limit: store.MaxItemLimit})
	if err != nil {
		t.Fatal(err)
	}
	read := 0
	for _, it := range list {
		if it.Read {
			read++
		}
		if it.Starred {
			t.Errorf("item %s is starred after the migration", it.Key)
		}
	}
	if sub, err := db.Subscription(ctx, 1, 1); err != nil || read != 0 || sub.Unread != items-3 {
		t.Errorf("after the migration: %d of the newest read, %d unread (%v); want 0 and %d", read, sub.Unread, err, items-3)
	}
	first, err := db.Item(ctx, 1, 1)
	if err != nil || !first.Read || first.Starred {
		t.Errorf("item 1 after the migration = %+v, %v; want it read, not starred", first, err)
	}
	if u, err := db.UserByName(ctx, "ann"); err != nil || u.Interests != "" {
		t.Errorf("ann after the migration = %+v, %v", u, err)
	}
	if s, err := store.ReadProfilerState(ctx, db); err != nil || s.Through != 0 || len(s.DF) != 0 {
		t.Errorf("profiler state after the migration = %+v, %v", s, err)
	}
}

func TestMigrationProgress(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	var calls []string
	record := func(done, total int) { calls = append(calls, fmt.Sprintf("%d/%d", done, total)) }
	db, err := OpenProgress(path, record)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if len(calls) != 0 {
		t.Fatalf("creating a new database reported migrations %v", calls)
	}
	saved := migrations
	t.Cleanup(func() { migrations = saved })
	migrations = append(append([]migration{}, saved...),
		migration{sql: `CREATE TABLE extra1 (id INTEGER PRIMARY KEY)`},
		migration{sql: `CREATE TABLE extra2 (id INTEGER PRIMARY KEY)`},
	)
	if db, err = OpenProgress(path, record); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if got := strings.Join(calls, " "); got != "1/2 2/2" {
		t.Fatalf("migrating two schema changes reported %q, want \"1/2 2/2\"", got)
	}
	calls = nil
	if db, err = OpenProgress(path, record); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if len(calls) != 0 {
		t.Fatalf("a current schema reported migrations %v", calls)
	}
}
