package main

import (
	"fmt"
	"runtime"
	"strconv"
)

// defaultFetchProcs is how many processors run vigil's Go code during
// `vigil fetch`. A pass waits on the network far more than it computes,
// and each further processor brings its own cached heap spans and a share
// of the collector's parallel work, so that one processor holds less
// memory and spends less CPU than two (BenchmarkRefreshMemory measures it; the figures are in the
// documentation of the refresh cycle's memory).
const defaultFetchProcs = 1

// setProcs sets how many processors run Go code for a one-shot command (0
// keeps Go's default, which follows the cores, the CPU affinity and a
// cgroup's CPU limit) unless GOMAXPROCS is set in the environment to a
// count, which then wins as it does for the runtime. The setting is the
// whole process's. It returns what undoes it (commands also run inside
// tests' processes): Go's default again, updated as the machine changes,
// or the count that was set before if that differs from it.
func setProcs(c *config, procs int) (undo func(), err error) {
	if procs < 0 {
		return nil, usageError{fmt.Sprintf("--procs %d: want a count of 1 or more, or 0 for Go's default", procs)}
	}
	if n, err := strconv.Atoi(c.goMaxProcs); procs == 0 || (err == nil && n > 0) {
		return func() {}, nil
	}
	old := runtime.GOMAXPROCS(procs)
	return func() {
		runtime.SetDefaultGOMAXPROCS()
		if runtime.GOMAXPROCS(0) != old {
			runtime.GOMAXPROCS(old)
		}
	}, nil
}
