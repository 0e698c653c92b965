package policy

import "time"

// noteDelay keeps the expected mean delay of the plan just made, from each
// source's expected fetches per day (its share of the budget) and its
// weight times its learned rate, as the scheduled policies do: the models'
// long-run level, not the tracked one, and a page's changes counted as a
// feed's items.
// The cost of each source is accruedSums's.
func (p *accrued) noteDelay(cost, perDay []float64) {
	p.delay, p.delayKnown = meanDelay(cost, perDay)
}

// ExpectedDelay returns the expected mean delay per new item of the last
// plan (Sia & Cho, Theorem 1, over each source's expected fetches per
// day), and false before the first plan or when no source is expected to
// post. Like the scheduled policies' estimate it assumes the fetches are
// evenly spaced: under a daily pattern the rule fetches more densely where
// items come, and does better than it says.
func (p *accrued) ExpectedDelay() (time.Duration, bool) {
	return time.Duration(p.delay * float64(day)), p.delayKnown
}
