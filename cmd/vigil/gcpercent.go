package main

import (
	"fmt"
	"runtime/debug"
)

// defaultFetchGCPercent is the collector's target `vigil fetch` sets:
// with GOGC=100 (Go's default) the heap of a pass over many feeds grows to
// about twice what is live. A lower target holds the pass's peak resident
// memory down for a little more CPU; BenchmarkRefreshMemory measures both,
// and the figures at 100, 50 and 25 are in the documentation of the
// refresh cycle's memory.
const defaultFetchGCPercent = 25

// defaultServeGCPercent is the collector's target `vigil serve` and `vigil
// worker` set: their live heap is mostly the channel profiles (about
// 100 MB for 5,000 channels of long items), and with Go's 100 the heap of
// a profiler catching up grew to about three times that. See
// docs/profiles.md for the figures.
const defaultServeGCPercent = 50

// addGCFlag declares --gc-percent on f with the given default.
func addGCFlag(f *flags, def int) *int {
	return f.Int("gc-percent", def, "the collector's target: how far the heap grows past what is live, in percent (Go's default is 100; lower holds less memory for more CPU); GOGC, when set, wins")
}

// setGCPercent sets the collector's target for a one-shot command unless
// GOGC is set in the environment, which then wins, and returns what undoes
// it (commands also run inside tests' processes).
func setGCPercent(c *config, percent int) (undo func(), err error) {
	if percent < 1 {
		return nil, usageError{fmt.Sprintf("--gc-percent %d: want a percentage of 1 or more", percent)}
	}
	if c.goGC != "" {
		return func() {}, nil
	}
	old := debug.SetGCPercent(percent)
	return func() { debug.SetGCPercent(old) }, nil
}
