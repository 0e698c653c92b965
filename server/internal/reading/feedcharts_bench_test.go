package reading

import (
	"testing"
	"time"

	"vigil"
	"vigil/estimate"
	"vigil/policy"
)

// BenchmarkFeedCharts draws the three charts of a feed page for a feed
// fetched every five minutes for 14 days (4032 fetches) with a learned
// model and a readers' pattern: the work the charts add to the page.
func BenchmarkFeedCharts(b *testing.B) {
	now := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	models := policy.NewModels(0.1, now.Add(-15*24*time.Hour))
	var obs []vigil.Observation
	for i := maxChartFetches - 1; i >= 0; i-- {
		at := now.Add(-time.Duration(i) * 5 * time.Minute)
		models.Observe(at, i%3, nil)
		obs = append(obs, vigil.Observation{At: at, Status: 200, NewItems: i % 3})
	}
	var visits []time.Time
	for d := range 14 {
		visits = append(visits, now.Add(-time.Duration(d)*24*time.Hour-4*time.Hour))
	}
	access, err := estimate.LearnAccess(visits, time.Time{}, now, policy.AccessWindow)
	if err != nil {
		b.Fatal(err)
	}
	d := feedChartData{Feed: vigil.Feed{Title: "bench"}, Models: models, Access: &access, Observations: obs, Now: now}
	for b.Loop() {
		if _, err := inlineCharts(d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDailyChartPlanned draws the daily chart of a feed learned from
// 14 days of five-minute fetches with the planned fetches listed by the
// monitor's planner running accrued with a budget of 240 fetches a day
// (under the 288 a day five-minute cap).
func BenchmarkDailyChartPlanned(b *testing.B) {
	now := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	models := policy.NewModels(0.1, now.Add(-15*24*time.Hour))
	for i := maxChartFetches - 1; i >= 0; i-- {
		models.Observe(now.Add(-time.Duration(i)*5*time.Minute), i%3, nil)
	}
	raw, err := models.Marshal()
	if err != nil {
		b.Fatal(err)
	}
	feed := vigil.Feed{ID: 1, Title: "bench", Subscribers: 1, Weight: 1, Model: raw, LastSuccess: now.Add(-time.Minute)}
	live, err := policy.NewLive("accrued", policy.DefaultConfig, 0.1, 240, 0)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := live.Replan([]vigil.Feed{feed}, nil, nil, now); err != nil {
		b.Fatal(err)
	}
	d := feedChartData{Feed: feed, Models: models, Now: now, Planner: live}
	n := len(live.PlannedFetches(feed, now, now.Add(24*time.Hour)))
	if n < 200 {
		b.Fatalf("%d planned fetches, want about the budget's 240", n)
	}
	for b.Loop() {
		if _, err := dailyChart(d); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "planned")
}
