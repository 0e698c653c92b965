package storetest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"vigil"
)

// testConcurrentIngestSameFeed has two handles on one store ingest into the
// same feeds at once: every fetch is stored, an item shared by two fetches
// only once.
func testConcurrentIngestSameFeed(t *testing.T, h Harness) {
	name := h.New(t)
	db := openNamed(t, h, name)
	// A second handle on the same store stands for another process.
	other := openNamed(t, h, name)
	ann := mustUser(t, db, "ann")
	const feeds, rounds = 4, 10
	ids := make([]int64, feeds)
	for i := range ids {
		ids[i] = mustSubscribe(t, db, ann.ID, fmt.Sprintf("https://f%d.example/feed", i))
	}
	var wg sync.WaitGroup
	errs := make(chan error, 2*feeds*rounds)
	for w := range 2 * feeds {
		store := db
		if w%2 == 1 {
			store = other
		}
		id := ids[w%feeds]
		wg.Go(func() {
			for r := range rounds {
				// Each fetch brings 5 items of its own and the 3 of the
				// round that every writer of the feed brings: they must be
				// stored once.
				items := append(makeItems(fmt.Sprintf("w%d-r%d-", w, r), 5), makeItems(fmt.Sprintf("shared-r%d-", r), 3)...)
				_, err := store.Ingest(ctx, fetched(id, t0.Add(time.Duration(r)*time.Minute), items),
					func(in vigil.Ingested, _ *vigil.Feed) (*vigil.Feed, error) {
						return &vigil.Feed{Title: fmt.Sprintf("feed %d", id), NextFetch: t0.Add(time.Hour)}, nil
					})
				if err != nil {
					errs <- err
				}
				if _, err := store.Items(ctx, vigil.ItemQuery{UserID: ann.ID}); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	n, err := db.CountFetchesSince(ctx, t0)
	if err != nil || n != 2*feeds*rounds {
		t.Errorf("%d observations (%v), want %d", n, err, 2*feeds*rounds)
	}
	all, err := db.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range all {
		if want := 2*rounds*5 + rounds*3; f.ItemCount != want || len(everyItem(t, db, f.ID)) != want {
			t.Errorf("feed %d counts %d items, want %d", f.ID, f.ItemCount, want)
		}
	}
}
