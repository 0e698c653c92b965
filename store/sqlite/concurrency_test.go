package sqlite_test

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/store/sqlite"
)

func TestConcurrentIngest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	db, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// A second handle on the same file stands for another process.
	other, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
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
				items := makeItems(fmt.Sprintf("w%d-r%d-", w, r), 5)
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
		if f.ItemCount != 2*rounds*5 {
			t.Errorf("feed %d counts %d items, want %d", f.ID, f.ItemCount, 2*rounds*5)
		}
	}
}
