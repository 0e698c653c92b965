package policy

import (
	"math"
	"time"
)

// NewInformed returns the accrued rule on tracking's estimate of each
// source's 24 hourly rates after adjust has rewritten part of it from
// knowledge no model has: the simulator's hybrid diagnostics, which give it
// the true mean rate with the estimated daily shape, or the reverse, to
// tell which of the two the rule loses by. adjust(id, hourly) edits the
// estimate in place. Like NewOracle it is a reference, not a policy the
// monitor can run.
func NewInformed(name string, c Config, adjust func(id int64, hourly []float64)) (Policy, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	tr := c.Tracking.resolved()
	p := newAccrued(c)
	p.name = name
	estimate := func(s *Source) [24]float64 {
		var hourly [24]float64
		tr.hourlyInto(s.Models, hourly[:])
		adjust(s.ID, hourly[:])
		return hourly
	}
	p.rate = func(s *Source) func(t time.Time) float64 {
		hourly := estimate(s)
		return func(t time.Time) float64 { return hourly[t.Unix()/3600%24] }
	}
	p.roots = func(s *Source) float64 {
		w, sum := weightOf(s), 0.0
		for _, r := range estimate(s) {
			sum += math.Sqrt(w * r)
		}
		return sum
	}
	p.raw, p.level = func(s *Source) (float64, float64) { return p.roots(s), 0 }, levelPrior{}
	return p, nil
}
