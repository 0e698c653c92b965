package policy

import (
	"cmp"
	"fmt"
	"math"
	"time"

	"vigil/plan"
)

// The baselines: how popular aggregators and a classic crawler schedule,
// as the plan package restates them (see each plan.*Interval), so that the
// simulator can measure vigil against them at the same budget. They decide
// one source at a time and ignore the budget; the monitor's and the
// simulator's hard budget still bind them.

// nutchStart is where the nutch baseline's adaptive interval starts for a
// feed: Nutch's own default (30 days) suits web pages, not feeds, so vigil
// starts it at an hour and lets the ×0.8 / ×1.4 rule adapt it.
const nutchStart = time.Hour

// nutchConfig is Nutch's AdaptiveFetchSchedule with its default rates
// (plan.DefaultNutch), the feed start above, and no sync-delta (vigil knows
// no page modification time).
var nutchConfig = func() plan.NutchConfig {
	c := plan.DefaultNutch
	c.Default, c.SyncDelta = nutchStart, false
	return c
}()

// intervalFunc is a baseline's rule for the next interval of one source.
type intervalFunc func(c Config, s *Source, now time.Time) time.Duration

// perSource is a policy that applies a rule to each source on its own.
type perSource struct {
	name string
	cfg  Config
	rule intervalFunc
}

// Name returns the policy's name.
func (p *perSource) Name() string { return p.name }

// Plan does nothing: a per-source rule has no global plan.
func (p *perSource) Plan([]*Source, time.Time) error { return nil }

// Next applies the rule from the source's last fetch, within
// [MinInterval, MaxInterval] and the hints.
func (p *perSource) Next(s *Source, now time.Time) time.Time {
	d := p.rule(p.cfg, s, now)
	return s.after(min(max(d, p.cfg.MinInterval, s.minInterval()), p.cfg.MaxInterval), now)
}

// minifluxRule is Miniflux's entry-frequency scheduler (plan.MinifluxInterval)
// with vigil's shortest interval and Miniflux's 24-hour longest.
func minifluxRule(c Config, s *Source, now time.Time) time.Duration {
	b := plan.Bounds{Min: c.MinInterval, Max: plan.MinifluxBounds.Max}
	return plan.MinifluxInterval(plan.MinifluxWeeklyCount(now, s.Models.Recent), b)
}

// commafeedRule is CommaFeed's empirical interval (plan.CommaFeedInterval).
func commafeedRule(c Config, s *Source, now time.Time) time.Duration {
	cfg := plan.DefaultCommaFeed
	cfg.Interval = c.MinInterval
	return plan.CommaFeedInterval(now, s.Models.Recent, cfg)
}

// newsblurRule is NewsBlur's tiers (plan.NewsBlurInterval). Stories in the
// last month are extrapolated from the last week vigil remembers; readers
// are the source's weight, all counted as premium (vigil has no free tier).
func newsblurRule(_ Config, s *Source, now time.Time) time.Duration {
	recent := s.Models.Recent
	f := plan.NewsBlurFeed{
		StoriesLastMonth:   int(math.Round(float64(len(recent)) * 30 / 7)),
		ActiveSubscribers:  max(1, int(math.Round(s.Weight))),
		PremiumSubscribers: max(1, int(math.Round(s.Weight))),
	}
	if len(recent) > 0 {
		f.SinceLastStory = now.Sub(recent[len(recent)-1])
	}
	return plan.NewsBlurInterval(f)
}

// nutchRule is Nutch's adaptive interval, kept in Models.Interval.
func nutchRule(_ Config, s *Source, _ time.Time) time.Duration {
	return cmp.Or(s.Models.Interval, nutchStart)
}

// cgm is Cho & Garcia-Molina's optimal allocation of refresh frequencies to
// Poisson sources, for freshness or for age (plan.CGMFreshness, plan.CGMAge),
// each source refreshed at a fixed interval 1/f_i. A source given no
// frequency (the freshness optimum starves the fastest-changing ones) waits
// MaxInterval.
type cgm struct {
	name  string
	cfg   Config
	alloc func(rates, weights []float64, total float64) ([]float64, error)
	freq  map[int64]float64 // fetches per day
}

// Name returns the policy's name.
func (p *cgm) Name() string { return p.name }

// Plan allocates the daily budget.
func (p *cgm) Plan(srcs []*Source, _ time.Time) error {
	rates, weights := make([]float64, len(srcs)), make([]float64, len(srcs))
	for i, s := range srcs {
		rates[i], weights[i] = s.Models.RatePerDay(), weightOf(s)
	}
	f, err := p.alloc(rates, weights, p.cfg.PerDay)
	if err != nil {
		return fmt.Errorf("policy %s: %w", p.name, err)
	}
	p.freq = make(map[int64]float64, len(srcs))
	for i, s := range srcs {
		p.freq[s.ID] = f[i]
	}
	return nil
}

// Next returns the source's last fetch plus its fixed interval.
func (p *cgm) Next(s *Source, now time.Time) time.Time {
	d := p.cfg.MaxInterval
	if f := p.freq[s.ID]; f > 0 {
		d = time.Duration(float64(day) / f)
	}
	return s.after(min(max(d, p.cfg.MinInterval, s.minInterval()), p.cfg.MaxInterval), now)
}
