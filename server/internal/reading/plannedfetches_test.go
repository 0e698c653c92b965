package reading

import (
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/policy"
)

// livePlanner returns the monitor's real planner running the accrued
// policy, planned once at now over the one feed f.
func livePlanner(t *testing.T, f vigil.Feed, now time.Time) *policy.Live {
	t.Helper()
	live, err := policy.NewLive("accrued", policy.DefaultConfig, 0.1, 0, 24)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := live.Replan([]vigil.Feed{f}, nil, nil, now); err != nil {
		t.Fatal(err)
	}
	return live
}

// learnedFeed returns a followed feed whose models learned an item every
// 3 hours over the last day, last fetched an hour before now.
func learnedFeed(t *testing.T, f vigil.Feed, now time.Time) vigil.Feed {
	t.Helper()
	models := policy.NewModels(0.1, now.Add(-48*time.Hour))
	for i := range 8 {
		models.Observe(now.Add(time.Duration(i-8)*3*time.Hour), 1, nil)
	}
	b, err := models.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	f.Model, f.Subscribers, f.Weight, f.LastSuccess = b, 1, 1, now.Add(-time.Hour)
	return f
}

// TestDailyChartDrawsThePlannersFetches checks that with a planner the
// daily chart marks exactly the fetches it plans for the next 24 hours
// and lists them in its text alternative, and that without one it says
// the times are estimated.
func TestDailyChartDrawsThePlannersFetches(t *testing.T) {
	now := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	feed := learnedFeed(t, vigil.Feed{ID: 3, Title: "Example"}, now)
	live := livePlanner(t, feed, now)
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
