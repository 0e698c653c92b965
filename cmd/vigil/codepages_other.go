//go:build !linux

package main

import "time"

// codePages holds nothing where there is no /proc/self/maps: see the
// Linux version.
type codePages struct{}

// findCodePages finds nothing to release: see the Linux version.
func findCodePages() codePages { return codePages{} }

// release releases nothing.
func (codePages) release() int64 { return 0 }

// every returns a step and a stop that do nothing.
func (codePages) every(time.Duration) (step, stop func()) { return func() {}, func() {} }

// releaseCodePages does nothing where there is no /proc/self/maps: see
// the Linux version.
func releaseCodePages() int64 { return 0 }
