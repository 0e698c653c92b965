package monitor

import (
	"context"
	"testing"
	"time"

	"vigil/policy"
)

// TestAccruedDrivesTheMonitor runs the accrued rule live: it splits the
// budget by the square roots of the learned rates, and a feed added late,
// whose rate is not known yet, is fetched within an even share's interval
// rather than left until the next daily re-plan.
func TestAccruedDrivesTheMonitor(t *testing.T) {
	h := newHarness(t, Config{})
	live, err := policy.NewLive("accrued", policy.Config{MinInterval: 5 * time.Minute, MaxInterval: 24 * time.Hour}, 0.2, 48, 0)
	if err != nil {
		t.Fatal(err)
	}
	h.mon.planner = live
	// /busy publishes an item every 10 minutes, /slow and /late one every
	// 6 hours.
	srv := h.steadyFeeds(func(path string) time.Duration {
		if path != "/busy" {
			return 6 * time.Hour
		}
		return 10 * time.Minute
	})
	busy, slow := h.subscribe(srv.URL+"/busy"), h.subscribe(srv.URL+"/slow")
	for range 12 {
		if _, err := h.mon.RunOnce(context.Background(), true); err != nil {
			t.Fatal(err)
		}
		h.clk.Advance(time.Hour)
	}
	h.mon.replan(context.Background(), h.clk.Now())
	perDay := func(id int64) int {
		f := h.feed(id)
		n, end := 0, h.clk.Now().Add(24*time.Hour)
		for at := h.clk.Now(); ; n++ {
			at = live.Next(&f, at)
			if at.After(end) {
				return n
			}
			f.LastSuccess = at // as if fetched then
		}
	}
	// Rates about 6 and 1/6 an hour: sqrt shares 6 : 1 of 48.
	nb, ns := perDay(busy.ID), perDay(slow.ID)
	if nb < 30 || ns < 3 || ns > 12 || nb+ns < 40 || nb+ns > 56 {
		t.Fatalf("planned %d fetches a day for the busy feed and %d for the slow one; want about 41 and 7", nb, ns)
	}
	late := h.subscribe(srv.URL + "/late")
	if _, err := h.mon.RunOnce(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	f := h.feed(late.ID)
	if f.LastFetch.IsZero() {
		t.Fatal("a new feed was not fetched at the next pass")
	}
	// Three feeds, 48 fetches a day: an even share is every 1.5 hours.
	if wait := f.NextFetch.Sub(f.LastFetch); wait > 90*time.Minute+time.Second {
		t.Fatalf("a new feed waits %v after its first fetch, want at most an even share's 1h30m", wait)
	}
}
