package main

import (
	"fmt"
	"math"
	"time"

	"vigil/sim"
)

// checkPushFlags checks vigil sim's WebSub flags.
func checkPushFlags(share float64, hub, verify time.Duration, multiple float64) error {
	switch {
	case !(share >= 0 && share <= 1):
		return usageError{fmt.Sprintf("--push-share must be a fraction from 0 to 1, got %v", share)}
	case hub < 0:
		return usageError{fmt.Sprintf("--hub-delay must not be negative, got %v", hub)}
	case verify <= 0:
		return usageError{fmt.Sprintf("--push-verify must be a positive duration, got %v", verify)}
	case !(multiple >= 1) || math.IsInf(multiple, 0):
		return usageError{fmt.Sprintf("--push-verify-multiple must be a number of 1 or more, got %v", multiple)}
	}
	return nil
}

// printLatency prints the publication-to-delivery latency quantiles, and
// the pulled sources' apart when some sources are pushed.
func printLatency(e *env, m sim.Metrics) {
	fmt.Fprintf(e.stdout, "publication to delivery: p50 %s, p99 %s\n", minutes(m.LatencyP50Min), minutes(m.LatencyP99Min))
	switch {
	case m.PushOff && m.PushedSources > 0:
		fmt.Fprintf(e.stdout, "the other sources (%d set apart, none pushed): p50 %s, p99 %s\n",
			m.PushedSources, minutes(m.PulledP50Min), minutes(m.PulledP99Min))
	case m.PushedSources > 0 && m.PulledArrived == 0:
		fmt.Fprintf(e.stdout, "pulled sources (%d pushed apart): none of their postings reached the monitor\n", m.PushedSources)
	case m.PushedSources > 0:
		fmt.Fprintf(e.stdout, "pulled sources (%d pushed apart): p50 %s, p99 %s\n",
			m.PushedSources, minutes(m.PulledP50Min), minutes(m.PulledP99Min))
	}
}

// minutes writes a latency given in minutes, in seconds when under one.
func minutes(m float64) string {
	if m < 1 {
		return fmt.Sprintf("%.0f s", m*60)
	}
	return fmt.Sprintf("%.0f min", m)
}
