package main

import (
	"testing"

	"vigil/plan"
	"vigil/policy"
)

// TestChartPlanner checks which planners the feed charts draw from: the
// running monitor's policy, never a planner that has not planned or one
// that cannot list its fetches.
func TestChartPlanner(t *testing.T) {
	live, err := policy.NewLive("accrued", policy.DefaultConfig, 0.1, 0, defaultPerFeed)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		planner    plan.Planner
		monitoring bool
		want       bool
	}{
		{"the running monitor's policy", live, true, true},
		{"serve --no-monitor", live, false, false},
		{"the simple planner", &plan.EWMA{Alpha: 0.1}, true, false},
		{"none", nil, true, false},
	}
	for _, tt := range tests {
		if got := chartPlanner(tt.planner, tt.monitoring) != nil; got != tt.want {
			t.Errorf("%s: charts drawn from the planner: %v, want %v", tt.name, got, tt.want)
		}
	}
}
