package reading

import (
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/policy"
	"vigil/server/internal/plantest"
)

// TestDailyChartDrawsThePlannersFetches checks that with a planner the
// daily chart marks exactly the fetches it plans for the next 24 hours
// and lists them in its text alternative, and that without one it says
// the times are estimated.
func TestDailyChartDrawsThePlannersFetches(t *testing.T) {
	now := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	feed := plantest.LearnedFeed(t, vigil.Feed{ID: 3, Title: "Example"}, now)
	live := plantest.LivePlanner(t, feed, now)
	want := live.PlannedFetches(feed, now, now.Add(24*time.Hour))
	if len(want) < 2 {
		t.Fatalf("the planner plans %d fetches a day; the test needs several", len(want))
	}
	models, _ := policy.UnmarshalModels(feed.Model)
	tests := []struct {
		name    string
		planner FetchPlanner
		alt     string
	}{
		{"planner", live, planWords(want)},
		{"no planner", nil, "(estimated from the fetches of the last day: this server runs no planner)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := feedChartData{Feed: feed, Models: models, Now: now, Planner: tt.planner}
			c, err := dailyChart(d)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(c.Alt, tt.alt) {
				t.Errorf("text alternative %q lacks %q", c.Alt, tt.alt)
			}
			if tt.planner == nil {
				return
			}
			var got []float64
			for _, m := range c.Marks {
				if !m.Solid {
					got = append(got, m.X)
				}
			}
			if len(got) != len(want) {
				t.Fatalf("%d planned marks, the planner plans %d", len(got), len(want))
			}
			for i, w := range want {
				if got[i] != hourOfDay(w) {
					t.Errorf("mark %d at hour %v, planned %v", i, got[i], w)
				}
			}
		})
	}
}
