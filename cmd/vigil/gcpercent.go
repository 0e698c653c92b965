package main

import (
	"fmt"
	"runtime/debug"
)

// defaultFetchGCPercent is the collector's target `vigil fetch` sets:
// with GOGC=100 (Go's default) the heap of a 5,000-feed pass peaks at
// about twice its 4 MB live heap; at 50 the pass's peak resident memory
// is about 3 MB lower for about 5% more CPU (issue 11, see README).
const defaultFetchGCPercent = 50

// setGCPercent sets the collector's target for a one-shot command unless
// GOGC is set in the environment, which then wins, and returns what undoes
// it (commands also run inside tests' processes).
func setGCPercent(e *env, percent int) (undo func(), err error) {
	if percent < 1 {
		return nil, usageError{fmt.Sprintf("--gc-percent %d: want a percentage of 1 or more", percent)}
	}
	if e.getenv("GOGC") != "" {
		return func() {}, nil
	}
	old := debug.SetGCPercent(percent)
	return func() { debug.SetGCPercent(old) }, nil
}
