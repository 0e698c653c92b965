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
	perDay: func(m *Models) float64 {
		if m.Daily.N == 0 {
			return m.EWMA.Rate * 24
		}
		return m.Daily.Expected(timeZero, timeZero.Add(day))
	},
	timeTo: func(m *Models, from time.Time, k float64) (time.Duration, bool) {
		if m.Daily.N == 0 {
			return m.EWMA.TimeTo(k)
		}
		return m.Daily.TimeTo(from, k)
	},
}

// expectLearned uses the learned monitoring rate of Roitman et al. Eq. 5.
var expectLearned = expectRate(learnedRate)

// expectNovel uses the learned rate of novel items (Roitman et al. §5.3.2).
var expectNovel = expectRate((*Models).NovelRate)

// expectRate expects items at a constant rate per hour: k of them after
// k/rate hours (Roitman et al.'s next probe at T + 1/λ for k = 1).
func expectRate(rate func(m *Models) float64) expectFunc {
	return expectFunc{
		perDay: func(m *Models) float64 { return rate(m) * 24 },
		timeTo: func(m *Models, _ time.Time, k float64) (time.Duration, bool) {
			r := rate(m)
			d := k / r * float64(time.Hour)
			if !(r > 0 && d >= 0 && d < math.MaxInt64) {
				return 0, false
			}
			return time.Duration(d), true
		},
	}
}

// learnedRate is λ(T) raised to the model's MinRate, as Learned.Next does,
// so that one empty probe of a quiet source cannot silence it.
func learnedRate(m *Models) float64 {
	return max(m.Learned.Rate, m.Learned.MinRate)
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
	// stretch ≥ 1 scales every window W when fetching each feed before its
	// window fills would alone cost more than the budget: saturation is
	// avoided budget permitting (Horincar et al. §6.2), never beyond it.
	stretch float64
}

func newThreshold(name string, c Config, e expectFunc) *threshold {
	return &threshold{name: name, cfg: c, expect: e, theta: 1, stretch: 1}
}

// Name returns the policy's name.
func (p *threshold) Name() string { return p.name }

// Plan calibrates θ to the budget by bisection, unless Config.OwnRule
// keeps θ = 1.
func (p *threshold) Plan(srcs []*Source, _ time.Time) error {
	if len(srcs) == 0 || p.cfg.OwnRule {
		return nil
	}
	n := len(srcs)
	rates, lo, hi, windows := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	saturation, floors := 0.0, 0.0
	for i, s := range srcs {
		rates[i] = p.expect.perDay(s.Models)
		lo[i], hi[i] = p.cfg.baseBounds(s)
		floors += lo[i]
		windows[i] = math.Inf(1)
		if s.Window > 0 {
			windows[i] = float64(s.Window)
			saturation += min(rates[i]/windows[i], hi[i])
		}
	}
	p.stretch = max(1, saturation/math.Max(p.cfg.PerDay-floors, 1e-9))
	fetches := func(theta float64) float64 {
		sum := 0.0
		for i := range rates {
			per := rates[i] / min(theta, windows[i]*p.stretch)
			sum += min(max(per, lo[i]), hi[i])
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

// Next returns when θ new items (at most W) are expected after the source's
// last fetch, within [MinInterval, MaxInterval] and the source's hinted
// minimum interval.
func (p *threshold) Next(s *Source, now time.Time) time.Time {
	k := p.theta
	if s.Window > 0 {
		k = min(k, float64(s.Window)*p.stretch)
	}
	from := s.Last
	if from.IsZero() {
		from = now
	}
	d, ok := p.expect.timeTo(s.Models, from, k)
	if !ok || d <= 0 {
		d = p.cfg.MaxInterval
	}
	return s.after(min(max(d, p.cfg.MinInterval, s.minInterval()), p.cfg.MaxInterval), now)
}
