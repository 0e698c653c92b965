package policy

import (
	"testing"
	"time"

	"vigil"
	"vigil/plan"
)

// TestPushNeverLeavesTheOthersLess plans twelve feeds of rates from one
// item a week to 200 a day, under every live policy, with none fed and
// with four fed (two busy, two seldom polled): no unfed feed may be
// planned fewer fetches a day than with none fed, and each fed feed is
// verified no more often than the plan with none fed polls it, nor than
// every 6 h.
//
// cgm-freshness is held to the second part only: its allocation gives a
// feed that changes faster than it can be kept fresh no fetch, and its
// Next polls such a feed weekly outside the budget it split; fed, that
// weekly poll is charged to the budget (here 2 of the fed feeds, 2/7 of a
// fetch a day), so the others lose that much.
func TestPushNeverLeavesTheOthersLess(t *testing.T) {
	offBudget := map[string]bool{"cgm-freshness": true}
	rates := []float64{0.15, 0.3, 1, 2, 3, 5, 8, 12, 20, 50, 100, 200}
	fed := map[int64]bool{1: true, 2: true, 11: true, 12: true}
	v := plan.Verification{Every: 6 * time.Hour}
	last := t0.Add(-10 * time.Minute)
	for _, name := range LiveNames() {
		t.Run(name, func(t *testing.T) {
			live, err := NewLive(name, DefaultConfig, 0.2, float64(len(rates)), 0)
			if err != nil {
				t.Fatal(err)
			}
			feeds := make([]vigil.Feed, len(rates))
			for i, r := range rates {
				feeds[i] = liveFeed(t, int64(i+1), r, last)
			}
			mean := func(f vigil.Feed) time.Duration {
				return plan.MeanInterval(func(at time.Time) time.Time {
					g := f
					g.LastSuccess = at
					return live.Next(&g, at)
				}, t0, time.Minute)
			}
			if _, err := live.ReplanFed(feeds, nil, v, nil, nil, t0); err != nil {
				t.Fatal(err)
			}
			before := make([]time.Duration, len(feeds))
			for i, f := range feeds {
				before[i] = mean(f)
			}
			r, err := live.ReplanFed(feeds, fed, v, nil, nil, t0)
			if err != nil {
				t.Fatal(err)
			}
			cost := 0.0
			for i, f := range feeds {
				if fed[f.ID] {
					every := r.Verify[f.ID]
					cost += float64(24*time.Hour) / float64(every)
					if every < v.Every || every < before[i] {
						t.Errorf("fed feed %d (%v a day) verified every %v; unfed it was polled every %v", f.ID, rates[i], every, before[i])
					}
					continue
				}
				if now := mean(f); float64(now) > float64(before[i])*1.02 && !offBudget[name] {
					t.Errorf("unfed feed %d (%v a day) polled every %v with four feeds fed, every %v with none", f.ID, rates[i], now, before[i])
				}
			}
			if !(r.Left > 0 && r.Left <= float64(len(rates))) {
				t.Errorf("left %v of %d fetches a day", r.Left, len(rates))
			}
			t.Logf("left %.2f of %d fetches a day for the unfed feeds; the fed ones' polls %.2f a day", r.Left, len(rates), cost)
		})
	}
}
