package postgres_test

import (
	"testing"

	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/storetest"
)

// BenchmarkBytesPerItem measures the schema's size per stored item of
// about 2 KB HTML (storetest.FillForSize): every table with its TOAST and
// indexes, the GIN search index included.
func BenchmarkBytesPerItem(b *testing.B) {
	const n = 5000
	for range b.N {
		dsn := pgtest.Schema(b)
		db, err := postgres.Open(ctx, dsn)
		if err != nil {
			b.Fatal(err)
		}
		storetest.FillForSize(b, db, n)
		var bytes int64
		err = db.Pool().QueryRow(ctx, `SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
			JOIN pg_namespace n ON n.oid = c.relnamespace
			WHERE n.nspname = current_schema() AND c.relkind = 'r'`).Scan(&bytes)
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
		b.ReportMetric(float64(bytes)/n, "bytes/item")
	}
}
