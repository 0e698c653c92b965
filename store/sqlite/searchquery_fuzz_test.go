package sqlite

import (
	"os"
	"path/filepath"
	"testing"

	"vigil"
)

// addTextSeeds adds the openings of a sample of the feed corpora's files
// (../../../shared/corpora/feeds, beside the repository) as search input:
// text full of markup, entities, quotes and other scripts. The corpora are
// read in place, never copied here.
func addTextSeeds(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpora", "feeds", "feedparser", "tests", "*", "*.xml"))
	step := max(1, len(paths)/100)
	for i := 0; i < len(paths); i += step {
		if b, err := os.ReadFile(paths[i]); err == nil {
			f.Add(string(b[:min(len(b), 300)]))
		}
	}
}

// FuzzFTSQuery checks that whatever a person types either is refused as
// EINVALID or becomes an FTS5 query that SQLite runs without error.
func FuzzFTSQuery(f *testing.F) {
	for _, s := range []string{"galaxy", `"a phrase`, "pre*", "NEAR(a b)", "a OR b NOT c", "title:x", "^x", "-a +b",
		"(", `""`, "*", "\xff", "café naïve", "東京 タワー", "a AND", "{x y}: z"} {
		f.Add(s)
	}
	addTextSeeds(f)
	db, err := Open(filepath.Join(f.TempDir(), "vigil.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { db.Close() })
	f.Fuzz(func(t *testing.T, s string) {
		q, err := ftsQuery(s)
		if err != nil {
			if vigil.ErrorCode(err) != vigil.EINVALID {
				t.Fatalf("ftsQuery(%q): %v, not EINVALID", s, err)
			}
			return
		}
		var n int
		if err := db.read.QueryRow(`SELECT count(*) FROM items_fts WHERE items_fts MATCH ?`, q).Scan(&n); err != nil {
			t.Fatalf("ftsQuery(%q) = %q, which SQLite refuses: %v", s, q, err)
		}
	})
}
