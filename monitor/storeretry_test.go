package monitor

import (
	"context"
	"database/sql"
	"sync/atomic"
	"testing"
	"time"

	"vigil"
)

// storeEvents counts what Events hears.
type storeEvents struct{ fetched, storeFailed atomic.Int64 }

func (e *storeEvents) Fetched(vigil.Observation, string) { e.fetched.Add(1) }
func (e *storeEvents) StoreFailed()                      { e.storeFailed.Add(1) }

func TestStoreRetryDelay(t *testing.T) {
	c := Config{}.withDefaults()
	tests := []struct {
		failures int
		want     time.Duration
	}{{0, 15 * time.Second}, {1, 15 * time.Second}, {2, 30 * time.Second}, {3, time.Minute}, {4, 2 * time.Minute}, {40, 2 * time.Minute}}
	for _, tt := range tests {
		if got := c.storeRetryDelay(tt.failures); got != tt.want {
			t.Errorf("storeRetryDelay(%d) = %v, want %v", tt.failures, got, tt.want)
		}
	}
}

// TestStoreFailureIsNotTheFeeds fetches a feed that answers well into a
// real SQLite store whose writes of observations fail (a trigger aborts
// them): the feed must be retried after the short store backoff, not the
// feed failure backoff, with no failure counted on the feed, and the
// store failure told to Events apart; once the store heals, the fetch is
// stored.
func TestStoreFailureIsNotTheFeeds(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t, Config{})
	ev := &storeEvents{}
	h.mon.events = ev
	srv, _ := serve(t, body(rss("", rssItem{"a", "A", "first"})))
	f := h.subscribe(srv.URL + "/feed")
	raw, err := sql.Open("sqlite", h.st.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`CREATE TRIGGER refuse_observations BEFORE INSERT ON observations
		BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`); err != nil {
		t.Fatal(err)
	}
	for i, wait := range []time.Duration{15 * time.Second, 30 * time.Second} {
		h.mon.work(ctx, h.feed(f.ID))
		got := h.feed(f.ID)
		if want := h.clk.Now().Add(wait); !got.NextFetch.Equal(want) {
			t.Errorf("store failure %d: next fetch %v, want %v (%v later)", i+1, got.NextFetch, want, wait)
		}
		if got.Failures != 0 || got.LastError != "" {
			t.Errorf("store failure %d counted as the feed's: failures %d, last error %q", i+1, got.Failures, got.LastError)
		}
		if n := ev.storeFailed.Load(); n != int64(i+1) {
			t.Errorf("Events heard %d store failures, want %d", n, i+1)
		}
	}
	if _, err := raw.Exec(`DROP TRIGGER refuse_observations`); err != nil {
		t.Fatal(err)
	}
	h.clk.Set(h.feed(f.ID).NextFetch)
	h.mon.work(ctx, h.feed(f.ID))
	if obs, err := h.st.Observations(ctx, f.ID, 5); err != nil || len(obs) != 1 || ev.fetched.Load() != 1 {
		t.Fatalf("after the store healed: observations %+v, %v; %d fetches heard; want one", obs, err, ev.fetched.Load())
	}
	if n := len(h.mon.storeFailures); n != 0 {
		t.Errorf("%d feeds still counted as failing to store after a stored fetch", n)
	}
}
