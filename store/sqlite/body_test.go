package sqlite_test

import (
	"database/sql"
	"path/filepath"
	"testing"

	"vigil/store/sqlite"
	"vigil/store/storetest"
)

// TestPlainBodiesStillRead stores an item's summary and content as TEXT,
// the way rows were stored before bodies were encoded, and reads them back
// unchanged; it also checks that a new item's content is stored compressed.
func TestPlainBodiesStillRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	db, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	storetest.FillForSize(t, db, 2)
	db.Close()
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	var kind string
	var stored, itemID int64
	if err := raw.QueryRow(`SELECT id, typeof(content), length(content) FROM items ORDER BY id LIMIT 1`).Scan(&itemID, &kind, &stored); err != nil {
		t.Fatal(err)
	}
	if kind != "blob" || stored >= 1500 {
		t.Errorf("a new ~2 KB content is stored as a %s of %d bytes, want a compressed blob", kind, stored)
	}
	const summary, content = "An old summary, stored as text", "<p>An old summary, stored as text, then more.</p>"
	if _, err := raw.Exec(`UPDATE items SET summary = ?, content = ? WHERE id = ?`, summary, content, itemID); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	db, err = sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	items, err := db.ItemsAfter(ctx, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || items[0].Summary != summary || items[0].Content != content || len(items[1].Content) < 2000 {
		t.Fatalf("items = %d, first (%q, %q), want the old text read as it was stored", len(items), items[0].Summary, items[0].Content)
	}
}
