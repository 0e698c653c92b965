package policy

import "math"

// levelPrior shrinks each feed's tracked level (its mean rate, items per
// hour) toward the mean level of all the feeds planned together, by an
// empirical-Bayes Gamma-Poisson credibility: a feed whose level rests on
// little evidence takes most of the population's, one with much evidence
// keeps its own,
//
//	λ̃_i = (λ_i·E_i + k) / (E_i + k/μ),
//
// k being Tracking.LevelPrior pseudo-items, μ the population's mean level
// and E_i the exposure, in hours, that feed i's level is worth
// (levelExposure). The level only is shrunk: the daily shape is kept, so
// the 24 hourly rates are scaled alike.
//
// Why: the allocation of Sia & Cho, Theorem 1 (fetches ∝ sqrt(w_i·λ_i)) is
// the best one for the true rates, but it is applied to estimates. A feed
// that posts a few items a week shows none in many stretches, its EWMA
// level falls near zero, its share of the budget falls with it, and its
// next posting waits days: on reddit-2013q3 thinned to a tenth of its
// postings (a few a week per source) the unshrunk rule was 3-8% behind
// both an even split and Miniflux's fixed-interval rule, counts-only,
// while on the whole trace it was ahead. The posterior mean under the
// population's prior is the estimate that minimises the expected squared
// error of each rate given its evidence; it is the plug-in the allocation
// is given instead of the raw level. k was chosen among 0, 1, 3, 10 and 30
// on one split only (2013-06-03 to 07-01, the first half of the sources,
// the whole trace and its thinned copy, B = 0.5 and 1) and is reported on
// the others in docs/science.md (*Feeds with little evidence*).
type levelPrior struct {
	// k is the prior's strength in pseudo-items; 0 shrinks nothing.
	k float64
	// mean is μ, the population's mean level, items per hour, as the last
	// plan found it; 0 (no plan yet) shrinks nothing.
	mean float64
}

// shrunk returns λ̃ for a feed of level λ (items per hour) worth exposure
// hours; λ itself when the prior is off or has no mean yet.
// A negative exposure marks a source that is not shrunk (levelExposure's
// false).
func (lp levelPrior) shrunk(level, exposure float64) float64 {
	if lp.k <= 0 || lp.mean <= 0 || exposure < 0 {
		return level
	}
	return (level*exposure + lp.k) / (exposure + lp.k/lp.mean)
}

// root returns the feed's S_i = Σ_h sqrt(w·r_h) under its shrunk level,
// from raw, the same sum over its unshrunk rates: scaling every hourly
// rate by λ̃/λ scales each root by sqrt(λ̃/λ). A feed of level 0 has no
// shape to keep, and takes a flat day at λ̃.
func (lp levelPrior) root(raw, level, exposure, weight float64) float64 {
	s := lp.shrunk(level, exposure)
	switch {
	case s == level:
		return raw
	case level > 0:
		return raw * math.Sqrt(s/level)
	}
	return 24 * math.Sqrt(weight*s)
}

// scale rewrites hourly (24 rates of one feed whose level is level and
// whose exposure is exposure) to its shrunk level.
func (lp levelPrior) scale(hourly []float64, level, exposure float64) {
	s := lp.shrunk(level, exposure)
	if s == level {
		return
	}
	for i := range hourly {
		if level > 0 {
			hourly[i] *= s / level
		} else {
			hourly[i] = s
		}
	}
}

// levelExposure is the evidence, in hours of watching, that a feed's
// EWMA level is worth, and false for a source whose level is not shrunk:
// the exposure under which a Poisson count's variance matches the EWMA's.
// The EWMA of Horincar et al. §4.1 weighs the rates x/Δt of its
// observations by α(1−α)^j, so with intervals Δt its variance is
// λ·α/((2−α)·Δt): that of (2−α)/α intervals counted whole, never more
// than the time the feed has been watched. Δt is the mean interval since
// the feed was added. A feed not yet observed over an interval keeps the
// level its first fetch's dates gave (discovery bounds its wait), and a
// page is not shrunk: its rate is a change rate, planned for freshness.
func levelExposure(m *Models) (float64, bool) {
	if m == nil || m.EWMA == nil || m.Learned == nil || m.EWMA.N == 0 || m.Page {
		return 0, false
	}
	span := m.EWMA.Last.Sub(m.Learned.Added).Hours()
	if span <= 0 {
		return 0, false
	}
	a := m.EWMA.Alpha
	if !(a > 0 && a <= 1) {
		return span, true
	}
	return min((2-a)/a*span/float64(m.EWMA.N), span), true
}

// meanLevel is the population's mean level: the mean of levels over the
// feeds whose level is shrunk (exposure 0 or more; a negative exposure
// marks one that is not), 0 when there is none.
func meanLevel(levels, exposures []float32) float64 {
	sum, n := 0.0, 0
	for i, l := range levels {
		if exposures[i] >= 0 {
			sum += float64(l)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// exposureOrNone is levelExposure's exposure, or -1 for a source whose
// level is not shrunk.
func exposureOrNone(m *Models) float64 {
	if e, ok := levelExposure(m); ok {
		return e
	}
	return -1
}

// levelOfHours is the mean of 24 hourly rates: the level they make.
func levelOfHours(hourly []float64) float64 {
	sum := 0.0
	for _, r := range hourly {
		sum += r
	}
	return sum / float64(len(hourly))
}
