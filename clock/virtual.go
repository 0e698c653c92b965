package clock

import (
	"sort"
	"sync"
	"time"
)

// Virtual is a clock that moves only when told to. Waiters registered with
// After fire, in time order, as Advance or Set passes their deadline. The zero
// value starts at the zero time; use NewVirtual to start elsewhere.
type Virtual struct {
	mu      sync.Mutex
	now     time.Time
	waiters []waiter
}

type waiter struct {
	at time.Time
	ch chan time.Time
}

// NewVirtual returns a virtual clock set to start.
func NewVirtual(start time.Time) *Virtual {
	return &Virtual{now: start}
}

// Now returns the virtual time.
func (v *Virtual) Now() time.Time {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.now
}

// After returns a channel that receives the virtual time once it has
// advanced by d. A non-positive d fires at once.
func (v *Virtual) After(d time.Duration) <-chan time.Time {
	v.mu.Lock()
	defer v.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- v.now
		return ch
	}
	v.waiters = append(v.waiters, waiter{at: v.now.Add(d), ch: ch})
	return ch
}

// Advance moves the clock forward by d, firing the waiters it passes.
func (v *Virtual) Advance(d time.Duration) {
	v.Set(v.Now().Add(d))
}

// Set moves the clock to t (never backwards), firing the waiters it passes.
func (v *Virtual) Set(t time.Time) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if t.Before(v.now) {
		return
	}
	v.now = t
	sort.Slice(v.waiters, func(i, j int) bool { return v.waiters[i].at.Before(v.waiters[j].at) })
	kept := v.waiters[:0]
	for _, w := range v.waiters {
		if w.at.After(t) {
			kept = append(kept, w)
			continue
		}
		w.ch <- w.at
	}
	v.waiters = kept
}

// Waiters returns how many After channels have not fired yet.
func (v *Virtual) Waiters() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return len(v.waiters)
}
