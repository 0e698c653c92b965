package monitor

import (
	"context"
	"testing"
	"time"

	"vigil/policy"
)

// TestLooksPlaceTheirFeedsFetches runs the user policy in the monitor over
// two feeds that publish alike, one that its reader opens alone every
// morning at 07:00 and one every evening at 19:00 (looks, as the reader
// APIs and the web UI record them), with no access to all their feeds: the
// re-plan reads the looks from the store and places each feed's fetches
// before its own reader's hour, not the other's.
func TestLooksPlaceTheirFeedsFetches(t *testing.T) {
	h := newHarness(t, Config{})
	live, err := policy.NewLive("user", policy.Config{MinInterval: 5 * time.Minute, MaxInterval: 24 * time.Hour, Seed: 1}, 0.2, 8, 0)
	if err != nil {
		t.Fatal(err)
	}
	h.mon.planner = live
	srv := h.steadyFeeds(func(string) time.Duration { return 30 * time.Minute })
	morning, evening := h.subscribe(srv.URL+"/morning"), h.subscribe(srv.URL+"/evening")
	ctx := context.Background()
	midnight := h.clk.Now().Truncate(24 * time.Hour)
	for d := 1; d <= 14; d++ {
		day := midnight.Add(-time.Duration(d) * 24 * time.Hour)
		for _, l := range []struct {
			feed int64
			at   time.Duration
		}{{morning.ID, 7 * time.Hour}, {evening.ID, 19 * time.Hour}} {
			if err := h.st.RecordAccess(ctx, h.user.ID, l.feed, day.Add(l.at)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for range 6 {
		if _, err := h.mon.RunOnce(ctx, true); err != nil {
			t.Fatal(err)
		}
		h.clk.Advance(time.Hour)
	}
	now := h.clk.Now()
	h.mon.replan(ctx, now)
	// lead is how long before the hour at of the coming day the feed's
	// last planned fetch comes.
	lead := func(id int64, at time.Duration) time.Duration {
		f := h.feed(id)
		target := now.Truncate(24 * time.Hour).Add(24*time.Hour + at)
		last := now
		for next := now; ; {
			next = live.Next(&f, next)
			if next.After(target) {
				return target.Sub(last)
			}
			last = next
			f.LastSuccess = next // as if fetched then
		}
	}
	mm, em := lead(morning.ID, 7*time.Hour), lead(evening.ID, 7*time.Hour)
	me, ee := lead(morning.ID, 19*time.Hour), lead(evening.ID, 19*time.Hour)
	if mm >= em || ee >= me {
		t.Fatalf("last fetch before 07:00: morning feed %v before, evening feed %v; before 19:00: evening feed %v, morning feed %v: each feed's fetches should come just before its own reader's look", mm, em, ee, me)
	}
}
