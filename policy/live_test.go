package policy

import (
	"testing"
	"time"

	"vigil"
)

// liveFeed is a followed feed fetched at last, with models learned from a
// week of hourly fetches of a source publishing perDay items a day.
func liveFeed(t *testing.T, id int64, perDay float64, last time.Time) vigil.Feed {
	t.Helper()
	s := source(id, perDay, nil)
	b, err := s.Models.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return vigil.Feed{ID: id, Subscribers: 1, Weight: 1, Model: b, LastFetch: last, LastSuccess: last}
}

// TestReplanningNeverPushesAFetchAway re-plans every hour with unchanged
// inputs: the fetch each policy planned must stay where it was until it is
// due, for every policy. (A policy measuring its interval from "now" would
// move the fetch an hour later at every re-plan and never fetch.)
func TestReplanningNeverPushesAFetchAway(t *testing.T) {
	last := t0.Add(-10 * time.Minute)
	for _, name := range LiveNames() {
		t.Run(name, func(t *testing.T) {
			live, err := NewLive(name, DefaultConfig, 0.2, 6, 0)
			if err != nil {
				t.Fatal(err)
			}
			feeds := []vigil.Feed{liveFeed(t, 1, 2, last), liveFeed(t, 2, 30, last), {ID: 3, Subscribers: 0}}
			first, err := live.Replan(feeds, nil, nil, t0)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := first[3]; ok {
				t.Fatal("a feed nobody follows was planned")
			}
			for now := t0.Add(time.Hour); ; now = now.Add(time.Hour) {
				next, err := live.Replan(feeds, nil, nil, now)
				if err != nil {
					t.Fatal(err)
				}
				due := true
				for _, id := range []int64{1, 2} {
					if first[id].After(now) {
						due = false
						if next[id].After(first[id].Add(3 * time.Minute)) {
							t.Fatalf("feed %d: planned for %v at the start, re-planning at %v moved it to %v", id, first[id], now, next[id])
						}
					}
				}
				if due || now.Sub(t0) > 8*24*time.Hour {
					break
				}
			}
		})
	}
}
