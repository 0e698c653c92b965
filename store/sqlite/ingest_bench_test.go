package sqlite_test

import (
	"fmt"
	"testing"
	"time"

	"vigil"
)

// BenchmarkIngest measures one fetch of a 50-item feed whose items are all
// stored already, and one that brings 5 new items.
func BenchmarkIngest(b *testing.B) {
	for _, fresh := range []int{0, 5} {
		b.Run(fmt.Sprintf("50 items %d new", fresh), func(b *testing.B) {
			db := openTest(b)
			ann := mustUser(b, db, "ann")
			id := mustSubscribe(b, db, ann.ID, "https://example.com/feed")
			items := makeItems("k", 50)
			mustIngest(b, db, id, t0, items)
			decide := func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) {
				return &vigil.Feed{Title: "Example", Status: vigil.FeedActive, NextFetch: t0.Add(time.Hour)}, nil
			}
			b.ResetTimer()
			for n := 0; b.Loop(); n++ {
				for j := range fresh {
					items[j].Key = fmt.Sprintf("new-%d-%d", n, j)
				}
				got, err := db.Ingest(ctx, fetched(id, t0.Add(time.Duration(n)*time.Second), items), decide)
				if err != nil || len(got.New) != fresh {
					b.Fatalf("Ingest = %d new, %v; want %d new", len(got.New), err, fresh)
				}
			}
		})
	}
}
