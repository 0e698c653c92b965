package sqlite

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store"
	"vigil/store/storetest"
)

// ftsColumns returns the columns of items_fts in order.
func ftsColumns(t *testing.T, db *DB) string {
	t.Helper()
	rows, err := db.read.Query(`SELECT name FROM pragma_table_info('items_fts') ORDER BY cid`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var cols []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			t.Fatal(err)
		}
		cols = append(cols, c)
	}
	return strings.Join(cols, ",")
}

// searchIDs returns the IDs SearchItems finds for query, best first.
func searchIDs(t *testing.T, db *DB, query string) []int64 {
	t.Helper()
	found, err := db.SearchItems(context.Background(), 0, query, store.MaxItemLimit)
	if err != nil {
		t.Fatalf("search %q: %v", query, err)
	}
	ids := make([]int64, len(found))
	for i, it := range found {
		ids[i] = it.ID
	}
	return ids
}

// searchV6 returns the IDs that search found for query in a version 6
// database, best first: the index's columns were title, body and the
// weights were given in that order.
func searchV6(t *testing.T, db *DB, query string) []int64 {
	t.Helper()
	match, err := ftsQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := db.read.Query(`SELECT i.id FROM items_fts JOIN items i ON i.id = items_fts.rowid
		WHERE items_fts MATCH ? ORDER BY bm25(items_fts, ?, ?), i.sort_at DESC, i.id DESC LIMIT ?`,
		match, titleWeight, bodyWeight, store.MaxItemLimit)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// fillV6 stores 300 items in 3 feeds: every tenth has "zebra" in its title,
// every seventh in its body (three times when also a multiple of 3), and
// each has the phrase "lazy dog" or "dog lazy".
func fillV6(t *testing.T, db *DB) {
	t.Helper()
	ctx := context.Background()
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	u := &vigil.User{Name: "ann", CreatedAt: at}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	for f := range 3 {
		sub, err := db.Subscribe(ctx, u.ID, fmt.Sprintf("https://f%d.example/feed", f), 1, at)
		if err != nil {
			t.Fatal(err)
		}
		var items []vigil.Item
		for i := f * 100; i < f*100+100; i++ {
			title, body := fmt.Sprintf("Item %d", i), "<p>The quick brown fox</p>"
			if i%10 == 0 {
				title += " zebra"
			}
			if i%7 == 0 {
				body += strings.Repeat("<p>a zebra</p>", repeats(i))
			}
			if i%2 == 0 {
				body += "<p>jumps over the lazy dog</p>"
			} else {
				body += "<p>the dog was lazy</p>"
			}
			items = append(items, vigil.Item{Key: fmt.Sprint(i), Hash: fmt.Sprint(i), Title: title,
				Summary: "The quick brown fox", Content: body, Published: at.Add(-time.Duration(i) * time.Hour)})
		}
		fetch := vigil.Fetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: at, Status: 200}, Items: items}
		keep := func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }
		if _, err := db.Ingest(ctx, fetch, keep); err != nil {
			t.Fatal(err)
		}
	}
}

func TestMigrationToBodyFirstIndexKeepsSearch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	saved := migrations
	t.Cleanup(func() { migrations = saved })
	migrations = saved[:6]
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	fillV6(t, db)
	if cols := ftsColumns(t, db); cols != "title,body" {
		t.Fatalf("version 6 index columns = %s, want title,body", cols)
	}
	queries := []string{"zebra", "lazy dog", `"lazy dog"`, "zeb*", "item 42", "fox"}
	before := make(map[string][]int64)
	for _, q := range queries {
		before[q] = searchV6(t, db, q)
	}
	items, err := db.ItemsAfter(context.Background(), 0, store.MaxItemsAfterLimit)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	migrations = saved
	if db, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if cols := ftsColumns(t, db); cols != "body,title" {
		t.Errorf("migrated index columns = %s, want body,title", cols)
	}
	for _, q := range queries {
		if got := searchIDs(t, db, q); !slices.Equal(got, before[q]) {
			t.Errorf("search %q after the migration = %v, want %v as before", q, got, before[q])
		}
	}
	if got := before["zebra"]; len(got) != 30+43-5 || !titledFirst(got[:30], items) {
		t.Errorf("search zebra = %v: want 68 items, the 30 with zebra in the title first", got)
	}
	if n := len(before[`"lazy dog"`]); n != 150 {
		t.Errorf(`search "lazy dog" found %d items, want the 150 with the phrase`, n)
	}
	after, err := db.ItemsAfter(context.Background(), 0, store.MaxItemsAfterLimit)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(items, after, itemsEqual) {
		t.Errorf("the migration changed the stored items")
	}
	var indexed int
	if err := db.read.QueryRow(`SELECT count(*) FROM items_fts`).Scan(&indexed); err != nil || indexed != 300 {
		t.Errorf("%d items indexed (%v), want 300", indexed, err)
	}
}

// itemsEqual reports whether two items read from the store are the same.
func itemsEqual(a, b vigil.Item) bool {
	return a.ID == b.ID && a.Key == b.Key && a.Title == b.Title && a.Summary == b.Summary &&
		a.Content == b.Content && a.Published.Equal(b.Published) && a.Seen.Equal(b.Seen)
}

// repeats is how many times item i of fillV6 says zebra in its body.
func repeats(i int) int {
	if i%3 == 0 {
		return 3
	}
	return 1
}

// titledFirst reports whether every item of ids has zebra in its title,
// items being the stored items.
func titledFirst(ids []int64, items []vigil.Item) bool {
	titles := make(map[int64]string, len(items))
	for _, it := range items {
		titles[it.ID] = it.Title
	}
	for _, id := range ids {
		if !strings.HasSuffix(titles[id], " zebra") {
			return false
		}
	}
	return true
}

// pageCounts returns the pages of db's file and how many of them are free.
func pageCounts(t *testing.T, db *DB) (pages, free int64) {
	t.Helper()
	err := db.read.QueryRow(`SELECT (SELECT page_count FROM pragma_page_count), (SELECT freelist_count FROM pragma_freelist_count)`).Scan(&pages, &free)
	if err != nil {
		t.Fatal(err)
	}
	return pages, free
}

func TestMigrationToBodyFirstIndexReclaimsTheOldIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	saved := migrations
	t.Cleanup(func() { migrations = saved })
	migrations = saved[:6]
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	const n = 500
	storetest.FillForSize(t, db, n)
	pagesV6, _ := pageCounts(t, db)
	db.Close()
	sizeV6 := fileSize(t, path)

	migrations = saved
	if db, err = Open(path); err != nil {
		t.Fatal(err)
	}
	pages, free := pageCounts(t, db)
	var items, indexed int
	if err := db.read.QueryRow(`SELECT (SELECT count(*) FROM items), (SELECT count(*) FROM items_fts)`).Scan(&items, &indexed); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if free != 0 || pages >= pagesV6 {
		t.Errorf("after the migration %d of %d pages are free; want none free and fewer than the %d before", free, pages, pagesV6)
	}
	if size := fileSize(t, path); size >= sizeV6 {
		t.Errorf("the migrated file has %d bytes, want fewer than the %d of version 6", size, sizeV6)
	}
	if items != n || indexed != n {
		t.Errorf("after the migration %d items, %d indexed; want %d of each", items, indexed, n)
	}
}

// fileSize returns the size of the file at path.
func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}
