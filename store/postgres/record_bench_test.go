package postgres

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"vigil"
	"vigil/store/postgres/pgtest"
)

// BenchmarkRecord stores the records of 304s as the recorder sends them:
// one record alone (recordFetchSQL) and three in one statement
// (recordFetchesSQL), each with a 2 KB model as a feed's is. Its
// allocations per statement are what a pass of 304s gives its collector;
// docs/performance.md has the figures.
func BenchmarkRecord(b *testing.B) {
	db, err := Open(context.Background(), pgtest.Schema(b))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	t0 := time.Unix(1.7e9, 0)
	ids := followedFeeds(b, db, "bench", 3, t0)
	rng := rand.New(rand.NewPCG(1, 2))
	model := make([]byte, 2048)
	for i := range model {
		model[i] = byte(rng.Uint32())
	}
	for _, k := range []int{1, 3} {
		b.Run(fmt.Sprintf("records=%d", k), func(b *testing.B) {
			b.ReportAllocs()
			at := t0
			for b.Loop() {
				at = at.Add(time.Second)
				batch := make([]*record, k)
				for j := range batch {
					f := &vigil.Feed{Status: vigil.FeedActive, ETag: `"v1"`, LastFetch: at, LastSuccess: at, NextFetch: at.Add(time.Hour),
						LastStatus: 304, Model: model, Rate: 0.5, Window: 20}
					r, err := newRecord(vigil.Observation{FeedID: ids[j], At: at, Status: 304, NotModified: true}, f)
					if err != nil {
						b.Fatal(err)
					}
					batch[j] = r
				}
				db.recordBatch(context.Background(), batch)
				for _, r := range batch {
					if err := <-r.done; err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
