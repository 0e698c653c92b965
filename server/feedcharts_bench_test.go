package server

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
