// Package clock gives the monitor its notion of time, so that the live loop
// runs on the wall clock and the simulator drives the same loop on virtual time.
package clock

import "time"

// Clock tells the time and waits.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// After delivers the time on the returned channel once d has passed.
	After(d time.Duration) <-chan time.Time
}

// Wall is the real clock.
type Wall struct{}

// Now returns time.Now().
func (Wall) Now() time.Time { return time.Now() }

// After is time.After.
func (Wall) After(d time.Duration) <-chan time.Time { return time.After(d) }
