package monitor

import (
	"context"
	"testing"
	"time"

	"vigil/policy"
)

// TestPolicyDrivesTheMonitor runs the default policy (combined) in the
// monitor: models are learned and stored with each feed, and the re-plan
// gives the busier feed more of the budget.
func TestPolicyDrivesTheMonitor(t *testing.T) {
	h := newHarness(t, Config{})
	live, err := policy.NewLive("combined", policy.Config{MinInterval: 5 * time.Minute, MaxInterval: 24 * time.Hour}, 0.2, 48, 0)
	if err != nil {
		t.Fatal(err)
	}
	h.mon.planner = live
	// /busy publishes an item every 10 minutes, /slow one every 6 hours.
	srv := h.steadyFeeds(func(path string) time.Duration {
		if path == "/slow" {
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
	b, s := h.feed(busy.ID), h.feed(slow.ID)
	if _, err := policy.UnmarshalModels(b.Model); err != nil {
		t.Fatalf("the feed's stored model is not the policy's: %v", err)
	}
	if b.Rate < 3 || b.Rate > 9 || s.Rate > 1 {
		t.Fatalf("learned rates busy %.2f/h, slow %.2f/h; want about 6 and about 0.17", b.Rate, s.Rate)
	}
	// The plan splits 48 fetches a day by the square root of the rates
	// (Sia & Cho, Theorem 1): about 12 : 2, so roughly 41 and 7.
	h.mon.replan(context.Background(), h.clk.Now())
	perDay := func(id int64) int {
		f := h.feed(id)
		n, end := 0, h.clk.Now().Add(24*time.Hour)
		for t := h.clk.Now(); ; n++ {
			t = live.Next(&f, t)
			if t.After(end) {
				return n
			}
			f.LastSuccess = t // as if fetched then
		}
	}
	nb, ns := perDay(busy.ID), perDay(slow.ID)
	if nb < 30 || ns < 3 || ns > 12 || nb+ns < 44 || nb+ns > 50 {
		t.Fatalf("planned %d fetches a day for the busy feed and %d for the slow one; want about 41 and 7", nb, ns)
	}
}
