package monitor

import (
	"sync"
	"time"
)

// Budget is the global fetch budget: at most Limit fetches in any sliding
// window of Window. No policy can exceed it, because every fetch takes a
// token first. A zero Limit means no budget.
type Budget struct {
	Limit  int
	Window time.Duration

	mu    sync.Mutex
	taken []time.Time // start times of fetches inside the window, oldest first
}

// NewBudget returns a budget of limit fetches per window.
func NewBudget(limit int, window time.Duration) *Budget {
	return &Budget{Limit: limit, Window: window}
}

// Preload counts n fetches already made in the current window (after a
// restart). Their exact times are unknown, so they are counted as made at
// now: conservative, the budget can only be under-spent, never exceeded.
func (b *Budget) Preload(n int, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for range n {
		b.taken = append(b.taken, now)
	}
}

// Take spends one fetch at now if the budget allows. Otherwise it returns
// false and how long until a token frees up.
func (b *Budget) Take(now time.Time) (bool, time.Duration) {
	if b.Limit <= 0 {
		return true, 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.expire(now)
	if len(b.taken) >= b.Limit {
		return false, b.taken[0].Add(b.Window).Sub(now)
	}
	b.taken = append(b.taken, now)
	return true, 0
}

// Used returns the fetches spent in the window ending at now.
func (b *Budget) Used(now time.Time) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.expire(now)
	return len(b.taken)
}

func (b *Budget) expire(now time.Time) {
	i := 0
	for i < len(b.taken) && !b.taken[i].Add(b.Window).After(now) {
		i++
	}
	b.taken = b.taken[i:]
}
