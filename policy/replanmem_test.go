package policy

import (
	"runtime"
	"testing"
	"time"

	"vigil"
)

// TestReplanMemoryPerFeed fails if what a re-plan of freshly subscribed
// feeds allocates grows by more than its policy's bound a feed, measured
// as the growth of the bytes Replan allocates from 1,000 to 4,000 feeds
// (docs/performance.md gives the measured figures). Under accrued, whose
// re-plan is streamed, that is a few sums a feed, copied once when the
// pages' are joined; under user (not streamed) it is each feed's Source
// and the plan's own per-feed state, all live until Replan returns.
func TestReplanMemoryPerFeed(t *testing.T) {
	tests := []struct {
		policy  string
		perFeed float64 // the bound, in bytes a feed
	}{
		{"accrued", 150},
		{"user", 800},
	}
	for _, tt := range tests {
		t.Run(tt.policy, func(t *testing.T) {
			small, large := replanAlloc(t, tt.policy, 1000), replanAlloc(t, tt.policy, 4000)
			perFeed := float64(large-small) / 3000
			t.Logf("%s: %.0f B a feed (%d B at 1,000 feeds, %d B at 4,000)", tt.policy, perFeed, small, large)
			if perFeed > tt.perFeed {
				t.Errorf("a re-plan allocates %.0f B per feed, more than the bound of %.0f", perFeed, tt.perFeed)
			}
		})
	}
}

// replanAlloc returns the bytes one Replan of n freshly subscribed feeds
// allocates.
func replanAlloc(t *testing.T, name string, n int) uint64 {
	t.Helper()
	l, err := NewLive(name, DefaultConfig, 0.1, 0, 4)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)
	feeds := make([]vigil.Feed, n)
	readers := make([]vigil.Reader, n)
	for i := range feeds {
		feeds[i] = vigil.Feed{ID: int64(i + 1), Subscribers: 1, Weight: 1, CreatedAt: now.Add(-time.Minute), NextFetch: now}
		readers[i] = vigil.Reader{UserID: 1, FeedID: int64(i + 1), Weight: 1}
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := l.Replan(feeds, readers, nil, now); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
