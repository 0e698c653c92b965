//go:build !linux

package main

// releaseCodePages does nothing where there is no /proc/self/maps: see
// the Linux version.
func releaseCodePages() int64 { return 0 }
