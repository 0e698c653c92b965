package web

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"vigil"
	"vigil/server/internal/httpauth"
	"vigil/store"
)

// countingStore is the real store with its observation reads counted.
type countingStore struct {
	store.Store
	perFeed, perHour atomic.Int64
}

// Observations counts a per-feed read and passes it on.
func (c *countingStore) Observations(ctx context.Context, feedID int64, limit int) ([]vigil.Observation, error) {
	c.perFeed.Add(1)
	return c.Store.Observations(ctx, feedID, limit)
}

// FetchHours counts an install-wide read and passes it on.
func (c *countingStore) FetchHours(ctx context.Context, now time.Time, hours int) ([]store.FetchHour, error) {
	c.perHour.Add(1)
	return c.Store.FetchHours(ctx, now, hours)
}

// TestDashboardReadsObservationsOnce checks that the dashboard reads the
// install's recent fetches in one query whatever the number of feeds, and
// still counts them: the budget used, and each feed's fetches of the day.
func TestDashboardReadsObservationsOnce(t *testing.T) {
	st := openStore(t)
	alice := newUser(t, st, "alice")
	var ids []int64
	for _, u := range []string{"https://a.example/f", "https://b.example/f", "https://c.example/f"} {
		id := follow(t, st, alice, u)
		ingest(t, st, id, testNow.Add(-time.Hour+time.Duration(len(ids)+1)*time.Minute), testItems(u, 1)...)
		ids = append(ids, id)
	}
	cs := &countingStore{Store: st}
	s := newTestHandlers(cs, 40)
	view, err := s.dashboard(context.Background(), &session{Session: &httpauth.Session{User: alice}})
	if err != nil {
		t.Fatal(err)
	}
	if n := cs.perFeed.Load(); n != 0 {
		t.Errorf("dashboard read observations feed by feed %d times, want 0", n)
	}
	if n := cs.perHour.Load(); n != 1 {
		t.Errorf("dashboard read fetches per hour %d times, want 1", n)
	}
	if view.UsedLastHour != len(ids) {
		t.Errorf("used last hour = %d, want %d", view.UsedLastHour, len(ids))
	}
	for _, d := range view.Delays {
		if d.Fetches != 1 {
			t.Errorf("feed %d: %d fetches in the day, want 1", d.Feed.ID, d.Fetches)
		}
	}
	if len(view.Delays) != len(ids) {
		t.Errorf("%d feeds in the delay table, want %d", len(view.Delays), len(ids))
	}
}
