package sim

import "math"

// budget enforces the fetch budget the same way for every policy, as a
// token bucket in its virtual-scheduling form (the generic cell rate
// algorithm): fetches earn tokens at perDay a day, the bucket holds at
// most Config.Burst worth of them, and a fetch that finds no token waits
// for the next one not already promised to an earlier fetch.
//
// The waiting fetches are served in the order they fell due, so no source
// starves behind others. A calendar-day cap, the first rule tried, did
// starve: each day's cap went to whichever sources came first in the
// queue, and policies asking for more than the budget (the aggregator
// baselines at B = 0.5) left half their sources unfetched for the whole
// run, which flattered their mean delay (it counts captured postings only).
type budget struct {
	interval  float64 // seconds between tokens: 86400 / perDay
	tolerance float64 // how far ahead of its rate a burst may run
	tat       float64 // theoretical arrival time of the next fetch
}

// newBudget returns a bucket holding at most burstDays days' worth of
// fetches (at least one), full at start.
func newBudget(perDay, burstDays float64, start int64) *budget {
	interval := 86400 / perDay
	capacity := max(1, math.Floor(perDay*burstDays))
	return &budget{interval: interval, tolerance: (capacity - 1) * interval, tat: float64(start)}
}

// admit takes a token for a fetch wanted at t and returns when it may go:
// t itself when a token is there, else the Unix second of the first token
// no earlier fetch holds.
func (b *budget) admit(t int64) int64 {
	at := max(float64(t), b.tat-b.tolerance)
	b.tat = max(b.tat, at) + b.interval
	return int64(math.Ceil(at))
}
