package main

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) this process has used
// so far, or 0 when the system does not tell. Divided by the requests of a
// run it gives the CPU cost of a request (server and clients together),
// which, unlike latency, does not depend on what else the machine runs.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
