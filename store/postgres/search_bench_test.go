package postgres_test

import (
	"testing"

	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/storetest"
)

// BenchmarkSearch times searches over the 5,000 items of
// storetest.FillForSize, whose every item holds most of an 80-word
// vocabulary: two words almost every item holds, and the same two words as
// a phrase, which fewer than one in ten of them hold, so that a phrase
// search reads many candidates for each item it keeps; and a word with a
// prefix that begins words of most items, whose ranking once cast every
// found item's whole search text.
func BenchmarkSearch(b *testing.B) {
	dsn := pgtest.Schema(b)
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	storetest.FillForSize(b, db, 5000)
	for _, query := range []string{`budget delay`, `"budget delay"`, `budget del*`} {
		b.Run(query, func(b *testing.B) {
			for b.Loop() {
				found, err := db.SearchItems(ctx, 0, query, 50)
				if err != nil || len(found) == 0 {
					b.Fatalf("search %s: %d items, %v", query, len(found), err)
				}
			}
		})
	}
}
