package postgres_test

import (
	"flag"
	"testing"

	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/storetest"
)

// sizeItems is how many items BenchmarkBytesPerItem stores: 5,000 by
// default, `-args -items 50500` for the size of a Miniflux
// database, where the fixed cost of the schema's empty tables weighs less.
var sizeItems = flag.Int("items", 5000, "items BenchmarkBytesPerItem stores")

// sizeParts are the parts of the database BenchmarkBytesPerItem reports
// besides the whole: the items table's heap, its TOAST, its GIN search
// index and its other indexes; the rest is every other table, with its
// indexes, most of them empty.
var sizeParts = []struct{ unit, query string }{
	{"bytes/item", `SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
		JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = current_schema() AND c.relkind = 'r'`},
	{"heap-bytes/item", `SELECT pg_relation_size('items')`},
	{"toast-bytes/item", `SELECT pg_total_relation_size(reltoastrelid) FROM pg_class WHERE oid = 'items'::regclass`},
	{"gin-bytes/item", `SELECT pg_relation_size('items_search')`},
	{"btree-bytes/item", `SELECT pg_indexes_size('items') - pg_relation_size('items_search')`},
}

// BenchmarkBytesPerItem measures the schema's size per stored item of
// about 2 KB HTML (storetest.FillForSize): every table with its TOAST and
// indexes, the GIN search index included, as the ingest leaves them.
func BenchmarkBytesPerItem(b *testing.B) {
	n := *sizeItems
	for range b.N {
		dsn := pgtest.Schema(b)
		db, err := postgres.Open(ctx, dsn)
		if err != nil {
			b.Fatal(err)
		}
		storetest.FillForSize(b, db, n)
		for _, p := range sizeParts {
			var bytes int64
			if err := db.Pool().QueryRow(ctx, p.query).Scan(&bytes); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(bytes)/float64(n), p.unit)
		}
		db.Close()
	}
}
