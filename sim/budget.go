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
// The measured period has a quota besides: no more fetches in it than its
// own budget, perDay × its days. The bucket alone let a policy that asks
// for more than the budget spend a day's budget on top of it, where one
// that keeps to its budget does not. With the quota a policy may still
// spend the bucket early, and is then held back at the end, where the
// postings it leaves unfetched are charged until the end of the run
// (penalise). Emptying the bucket where the period begins would instead
// take the burst away for good from a policy that spends at its rate but
// bunches its fetches (docs/science.md, The simulator, Budget).
type budget struct {
	interval  float64 // seconds between tokens: 86400 / perDay
	tolerance float64 // how far ahead of its rate a burst may run
	tat       float64 // theoretical arrival time of the next fetch
	measured  int64   // when the measured period begins
	end       int64   // when it ends
	quota     int64   // fetches the measured period's budget allows
	spent     int64   // fetches admitted at or after measured
	held      int     // fetches the spent quota sent to the end
}

// newBudget returns a bucket holding at most burstDays days' worth of
// fetches (at least one), full at start, with the quota of the measured
// period [measured, end).
func newBudget(perDay, burstDays float64, start, measured, end int64) *budget {
	interval := 86400 / perDay
	capacity := max(1, math.Floor(perDay*burstDays))
	quota := int64(math.Floor(perDay * float64(end-measured) / 86400))
	return &budget{interval: interval, tolerance: (capacity - 1) * interval, tat: float64(start),
		measured: measured, end: end, quota: quota}
}

// admit takes a token for a fetch wanted at t and returns when it may go:
// t itself when a token is there, else the Unix second of the first token
// no earlier fetch holds; the end of the run when the measured period's
// quota is spent.
func (b *budget) admit(t int64) int64 {
	at := max(float64(t), b.tat-b.tolerance)
	when := int64(math.Ceil(at))
	if when >= b.measured {
		if b.spent >= b.quota {
			b.held++
			return max(t+1, b.end)
		}
		b.spent++
	}
	b.tat = max(b.tat, at) + b.interval
	return when
}
