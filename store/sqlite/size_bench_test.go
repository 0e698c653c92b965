package sqlite_test

import (
	"database/sql"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"vigil/store/sqlite"
	"vigil/store/storetest"
)

// sizeItems is how many items BenchmarkBytesPerItem stores: 5,000 by
// default, `-args -items 50500` for the size of a Miniflux
// comparison.
var sizeItems = flag.Int("items", 5000, "items BenchmarkBytesPerItem stores")

// BenchmarkBytesPerItem measures the database file's size per stored item
// of about 2 KB HTML (storetest.FillForSize), search index included, and
// where the bytes go (see reportBreakdown).
func BenchmarkBytesPerItem(b *testing.B) {
	n := *sizeItems
	for range b.N {
		path := filepath.Join(b.TempDir(), "v.db")
		db, err := sqlite.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		storetest.FillForSize(b, db, n)
		db.Close() // checkpoints the WAL into the file
		fi, err := os.Stat(path)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(fi.Size())/float64(n), "bytes/item")
		reportBreakdown(b, path, n)
	}
}

// sizeParts groups the file's tables and indexes, as SQLite's dbstat table
// names them, for reportBreakdown; whatever no group names is "other".
var sizeParts = map[string]string{
	"items":                    "items",
	"sqlite_autoindex_items_1": "itemindexes", // UNIQUE (feed_id, key)
	"items_feed_sort":          "itemindexes",
	"items_sort":               "itemindexes",
	"items_fts_data":           "search",
	"items_fts_idx":            "search",
	"items_fts_docsize":        "search",
	"items_fts_config":         "search",
}

// reportBreakdown reports the bytes per item of each group of sizeParts,
// of every other table and index, and of the free pages: together they
// make up the file.
func reportBreakdown(b *testing.B, path string, n int) {
	b.Helper()
	raw, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		b.Fatal(err)
	}
	defer raw.Close()
	rows, err := raw.Query(`SELECT name, sum(pgsize) FROM dbstat GROUP BY name`)
	if err != nil {
		b.Fatal(err)
	}
	defer rows.Close()
	bytes := map[string]int64{}
	for rows.Next() {
		var name string
		var size int64
		if err := rows.Scan(&name, &size); err != nil {
			b.Fatal(err)
		}
		part, ok := sizeParts[name]
		if !ok {
			part = "other"
		}
		bytes[part] += size
	}
	if err := rows.Err(); err != nil {
		b.Fatal(err)
	}
	var free, pageSize int64
	if err := raw.QueryRow(`SELECT (SELECT freelist_count FROM pragma_freelist_count), (SELECT page_size FROM pragma_page_size)`).Scan(&free, &pageSize); err != nil {
		b.Fatal(err)
	}
	bytes["free"] = free * pageSize
	for _, part := range []string{"items", "itemindexes", "search", "other", "free"} {
		b.ReportMetric(float64(bytes[part])/float64(n), part+"-B/item")
	}
}
