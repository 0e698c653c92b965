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
//
// The bucket is emptied when the measured period begins: what a policy
// saved while training (a rule that fetched little while its models were
// empty, or while rates were low) is not spent in the measured period, so
// that every policy's measured fetches stay within that period's budget
// (one fetch over at most) and the comparison is at equal fetches. Before,
// the saved day carried over: a policy that asks for more than the budget
// (miniflux) then spent up to a day's budget more than one that keeps to
// it (accrued), 3% more over a 28-day window on a trace whose rates rise.
type budget struct {
	interval  float64 // seconds between tokens: 86400 / perDay
	tolerance float64 // how far ahead of its rate a burst may run
	tat       float64 // theoretical arrival time of the next fetch
	measured  float64 // when the measured period begins
	emptied   bool    // whether the bucket was emptied at measured
}

// newBudget returns a bucket holding at most burstDays days' worth of
// fetches (at least one), full at start and emptied at measured.
func newBudget(perDay, burstDays float64, start, measured int64) *budget {
	interval := 86400 / perDay
	capacity := max(1, math.Floor(perDay*burstDays))
	return &budget{interval: interval, tolerance: (capacity - 1) * interval, tat: float64(start), measured: float64(measured)}
}

// admit takes a token for a fetch wanted at t and returns when it may go:
// t itself when a token is there, else the Unix second of the first token
// no earlier fetch holds.
func (b *budget) admit(t int64) int64 {
	if !b.emptied && float64(t) >= b.measured {
		b.tat = max(b.tat, b.measured+b.tolerance)
		b.emptied = true
	}
	at := max(float64(t), b.tat-b.tolerance)
	b.tat = max(b.tat, at) + b.interval
	return int64(math.Ceil(at))
}
