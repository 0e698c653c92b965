package policy

import "time"

// meanDelay returns the expected delay per new item, in periods, of
// fetching source i perPeriod[i] times per period, evenly spaced, where
// cost[i] is its weight times its rate in items per period (Sia & Cho,
// Theorem 1: D(A) = Σ w_i λ_i T / (2 m_i), divided by the weighted items
// per period Σ w_i λ_i, with T = 1). It reports false when no source is
// expected to post, or one that is gets no fetch.
func meanDelay(cost, perPeriod []float64) (float64, bool) {
	d, total := 0.0, 0.0
	for i, c := range cost {
		if c <= 0 {
			continue
		}
		if perPeriod[i] <= 0 {
			return 0, false
		}
		d += c / (2 * perPeriod[i])
		total += c
	}
	if total == 0 {
		return 0, false
	}
	return d / total, true
}

// noteDelay keeps the expected mean delay of the plan just made, from each
// source's planned fetches per day and its cost weight times learned rate.
func (p *scheduled) noteDelay(srcs []*Source) {
	cost, perDay := make([]float64, len(srcs)), make([]float64, len(srcs))
	for i, s := range srcs {
		cost[i] = p.costWeight(s) * s.Models.RatePerDay()
		dp := p.plans[s.ID]
		perDay[i] = float64(len(dp.minutes)) / dp.period
	}
	p.delay, p.delayKnown = meanDelay(cost, perDay)
}

// ExpectedDelay returns the expected mean delay per new item of the last
// plan (meanDelay over its daily fetch counts, weighted as the plan
// weighs sources), and false before the first plan or when no source is
// expected to post. It assumes fetches evenly spaced in the day: the
// policies that place fetches after publication peaks (place, combined,
// user) do better than it says.
func (p *scheduled) ExpectedDelay() (time.Duration, bool) {
	return time.Duration(p.delay * float64(day)), p.delayKnown
}

// ExpectedDelay returns the expected mean delay per new item of the
// current plan, and false when the policy does not estimate one or has
// not planned yet.
func (l *Live) ExpectedDelay() (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	est, ok := l.policy.(interface{ ExpectedDelay() (time.Duration, bool) })
	if !ok {
		return 0, false
	}
	return est.ExpectedDelay()
}
