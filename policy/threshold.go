package policy

import (
	"math"
	"time"
)

// expectFunc tells, under one of a source's models, its rate in items per
// day and how long after from k new items are expected (false: never).
type expectFunc struct {
	perDay func(m *Models) float64
	timeTo func(m *Models, from time.Time, k float64) (time.Duration, bool)
}

// expectEWMA uses the single-variable model (Horincar et al. §4.1).
var expectEWMA = expectFunc{
	perDay: func(m *Models) float64 { return m.EWMA.Rate * 24 },
	timeTo: func(m *Models, _ time.Time, k float64) (time.Duration, bool) { return m.EWMA.TimeTo(k) },
}

// expectPeriodic uses the daily periodic model (Horincar et al. §4.2).
var expectPeriodic = expectFunc{
	perDay: func(m *Models) float64 { return m.RatePerDay() },
	timeTo: func(m *Models, from time.Time, k float64) (time.Duration, bool) {
		if m.Daily.N == 0 {
			return m.EWMA.TimeTo(k)
		}
		return m.Daily.TimeTo(from, k)
	},
}

// expectLearned uses the learned monitoring rate of Roitman et al. Eq. 5.
var expectLearned = expectFunc{
	perDay: func(m *Models) float64 { return m.Learned.Rate * 24 },
	timeTo: func(m *Models, _ time.Time, k float64) (time.Duration, bool) {
		if m.Learned.Rate <= 0 {
			return 0, false
		}
		return time.Duration(k / m.Learned.Rate * float64(time.Hour)), true
	},
}

// threshold is a policy that fetches a source when θ new items are expected
// since its last fetch, with one θ for all sources calibrated by Plan so
// that the expected fetches per day, Σ λ_i/θ (each within its bounds), meet
// the budget: the model's Div_est reaching θ (Horincar et al. §4) is when a
// fetch pays. A source whose feed shows only W items is fetched by the time
// W new items are expected, so that none is lost to saturation (Horincar et
// al. §6.2, "2steps"). For learned, θ = 1 is Roitman et al.'s own next probe
// at T + 1/λ(T); the calibration scales it to the budget.
type threshold struct {
	name   string
	cfg    Config
	expect expectFunc
	theta  float64
}

func newThreshold(name string, c Config, e expectFunc) *threshold {
	return &threshold{name: name, cfg: c, expect: e, theta: 1}
}

// Name returns the policy's name.
func (p *threshold) Name() string { return p.name }

// Plan calibrates θ to the budget by bisection.
func (p *threshold) Plan(srcs []*Source, _ time.Time) error {
	if len(srcs) == 0 {
		return nil
	}
	rates, lo, hi := make([]float64, len(srcs)), make([]float64, len(srcs)), make([]float64, len(srcs))
	for i, s := range srcs {
		rates[i] = p.expect.perDay(s.Models)
		lo[i], hi[i] = p.cfg.bounds(s)
	}
	fetches := func(theta float64) float64 {
		sum := 0.0
		for i := range rates {
			sum += min(max(rates[i]/theta, lo[i]), hi[i])
		}
		return sum
	}
	tLo, tHi := 1e-9, 1.0
	for fetches(tHi) > p.cfg.PerDay && tHi < 1e12 {
		tHi *= 2
	}
	for range 200 {
		mid := math.Sqrt(tLo * tHi)
		if fetches(mid) > p.cfg.PerDay {
			tLo = mid
		} else {
			tHi = mid
		}
		if tHi/tLo < 1+1e-9 {
			break
		}
	}
	p.theta = tHi
	return nil
}

// Next returns when θ new items (at most W) are expected after now, within
// [MinInterval, MaxInterval] and the source's hinted minimum interval.
func (p *threshold) Next(s *Source, now time.Time) time.Time {
	k := p.theta
	if s.Window > 0 {
		k = min(k, float64(s.Window))
	}
	d, ok := p.expect.timeTo(s.Models, now, k)
	if !ok {
		d = p.cfg.MaxInterval
	}
	return now.Add(min(max(d, p.cfg.MinInterval, s.minInterval()), p.cfg.MaxInterval))
}
