package main

import (
	"vigil/plan"
	"vigil/server"
)

// chartPlanner returns the planner whose plan the feed charts draw: the
// running monitor's own, when it lists planned fetches (policy.Live does).
// A server running no monitor (serve --no-monitor) has no current plan,
// its planner never having planned, so the charts fall back to an
// estimate and say so.
func chartPlanner(p plan.Planner, monitoring bool) server.FetchPlanner {
	fp, ok := p.(server.FetchPlanner)
	if !ok || !monitoring {
		return nil
	}
	return fp
}
