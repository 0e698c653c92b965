// Package plantest gives the server's chart tests a real planner: the
// monitor's accrued policy over a feed whose models learned a steady rate.
package plantest

import (
	"testing"
	"time"

	"vigil"
	"vigil/policy"
)

// LivePlanner returns the monitor's real planner running the accrued
// policy, planned once at now over the one feed f.
func LivePlanner(t testing.TB, f vigil.Feed, now time.Time) *policy.Live {
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

// LearnedFeed returns f followed, with models that learned an item every
// 3 hours over the last day, last fetched an hour before now.
func LearnedFeed(t testing.TB, f vigil.Feed, now time.Time) vigil.Feed {
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
