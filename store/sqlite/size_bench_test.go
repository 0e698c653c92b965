package sqlite_test

import (
	"os"
	"path/filepath"
	"testing"

	"vigil/store/sqlite"
	"vigil/store/storetest"
)

// BenchmarkBytesPerItem measures the database file's size per stored item
// of about 2 KB HTML (storetest.FillForSize), search index included.
func BenchmarkBytesPerItem(b *testing.B) {
	const n = 5000
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
		b.ReportMetric(float64(fi.Size())/n, "bytes/item")
	}
}
