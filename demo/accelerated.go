package demo

import (
	"fmt"
	"math"
	"time"
)

// Accelerated is a clock.Clock whose time runs speed times faster than the
// wall clock from a chosen start: virtual time is start + speed × (wall time
// elapsed since NewAccelerated). After(d) waits d/speed of wall time and then
// delivers the virtual time, so a loop that waits a virtual hour at speed 60
// waits one real minute. The clock is safe for concurrent use and never goes
// backwards (it reads the wall clock's monotonic reading).
type Accelerated struct {
	start     time.Time
	wallStart time.Time
	speed     float64
}

// NewAccelerated returns a clock that shows start now and runs speed times
// faster than the wall clock. speed must be positive and finite.
func NewAccelerated(start time.Time, speed float64) (*Accelerated, error) {
	if !(speed > 0) || math.IsInf(speed, 1) {
		return nil, fmt.Errorf("demo: unable to run a clock at speed %v: it must be positive and finite", speed)
	}
	return &Accelerated{start: start, wallStart: time.Now(), speed: speed}, nil
}

// Now returns the virtual time.
func (a *Accelerated) Now() time.Time {
	return a.start.Add(a.Virtual(time.Since(a.wallStart)))
}

// After waits d of virtual time (d/speed of wall time) and then sends the
// virtual time on the returned channel; d ≤ 0 sends at once.
func (a *Accelerated) After(d time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- a.Now()
		return ch
	}
	time.AfterFunc(a.Real(d), func() { ch <- a.Now() })
	return ch
}

// Speed returns how many times faster than the wall clock the clock runs.
func (a *Accelerated) Speed() float64 { return a.speed }

// Real returns the wall time that the virtual duration d takes.
func (a *Accelerated) Real(d time.Duration) time.Duration {
	return time.Duration(float64(d) / a.speed)
}

// Virtual returns the virtual time that the wall duration d stands for,
// capped at the largest time.Duration.
func (a *Accelerated) Virtual(d time.Duration) time.Duration {
	v := float64(d) * a.speed
	if v >= math.MaxInt64 {
		return math.MaxInt64
	}
	return time.Duration(v)
}
