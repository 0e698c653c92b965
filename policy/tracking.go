package policy

import (
	"fmt"
	"math"
	"time"
)

// Tracking holds accrued's estimators of a source's time-varying rate
// (beyond the papers): a recent level, a daily shape from the items'
// dates, and a bound on how long a feed that has never shown an item waits.
// The whole zero value means DefaultTracking; any other value is used as
// it is (a zero RecentHalfLife turns the recent level off, a zero
// ShapePrior the dated shape, a zero SilentShares the bound); Off turns
// all three off (the learned models of Horincar et al. alone, accrued
// before tracking). They gain over the learned models alone in the
// simulator, on a real trace and on synthetic ones, at one and two fetches
// per source a day, so accrued uses them by default; docs/policy-notes.md
// (*Tracking*) has the figures and the commands that remake them.
type Tracking struct {
	// Off keeps the learned models' level and shape.
	Off bool
	// RecentHalfLife, when positive, sets the rate's level by a
	// Gamma-Poisson update (recentLevel): the postings of the last week, by
	// their dates, weighted by 2^(−age/RecentHalfLife). 24 h, by the rule
	// of DefaultTracking.
	RecentHalfLife time.Duration
	// RecentPrior is the prior's strength in hours of exposure; its mean is
	// the EWMA level (500 h, by the rule of DefaultTracking).
	RecentPrior time.Duration
	// ShapePrior, when positive, takes the daily shape from the items'
	// published dates (Models.Posted), with the periodic model's shape as
	// the prior worth ShapePrior items (50 picked on June).
	ShapePrior float64
	// SilentShares, when positive, bounds the wait of a feed that has
	// never shown an item (Source.Window 0) past its discovery to
	// SilentShares even shares of the budget: at most
	//
	//	SilentShares × day × n / PerDay
	//
	// between its fetches, n sources sharing PerDay fetches a day, instead
	// of the MaxInterval (a week) its zero rate gives. Such a feed's rate is
	// not known, only that it has not started: a new channel's first
	// postings often come as a burst that overflows the window while it
	// waits a week. 4 was picked on reddit-2013q3's training window among
	// 2-6, checking that the 500-source synthetic trace, whose slow
	// sources stay silent for weeks, was not made worse (see
	// docs/policy-notes.md, *The silent-feed bound*). At B = 0.5 four
	// shares are longer than a week and the bound does nothing.
	SilentShares float64
	// LevelPrior, when positive, shrinks each feed's level toward the
	// mean level of the feeds planned with it by this many pseudo-items
	// (levelPrior: empirical-Bayes credibility), so that a feed whose
	// level rests on a few postings is not starved for a quiet stretch.
	// 3 was picked among 0, 1, 3, 10 and 30 on reddit-2013q3's June, first
	// half of the sources, with the trace thinned to a tenth beside it.
	LevelPrior float64
	// ShapePool pulls each feed's daily shape toward the mean shape of the
	// feeds planned with it, as far as the spread of their dated shapes
	// says their differences are chance (poolShapes: Bühlmann-Straub
	// credibility, its strength estimated from the data). Only the user
	// policy's views read it (trackedViews); accrued keeps each feed's own
	// shape.
	ShapePool bool
	// SeenShape takes that dated shape from the stretches the fetches saw
	// whole (estimate.HourShape.SeenRates: items per hour of watching in
	// each UTC hour) rather than from the histogram of the dates, with the
	// same prior. A feed whose window fills between fetches shows only
	// the items of the hours just before each fetch, so its histogram
	// peaks where it is fetched and its fetches stay at whatever hour they
	// began (docs/science.md, *The hour a run starts*). Beyond the papers.
	// accrued's alone: the scheduled policies' views (trackedViews) keep
	// the histogram, whose dispersion their pooling of shapes is weighed
	// by, and with the seen shape the reader-aware figures lost up to 4%
	// of their miss delay held out.
	SeenShape bool
}

// DefaultTracking is the setting in force. The recent level's two settings
// are chosen by a rule that holds across traces rather than on one:
// minimax regret, the setting whose worst loss against the best setting of
// each real trace (reddit-2013q3's training window, and the commit-stream
// trace with and without dates, at B = 1) is least. Over half-lives of 24,
// 72, 168 and 336 h and priors of 48, 168 and 500 h that is 24 h and
// 500 h (at most 0.5% behind the best on each; the earlier 72 h and 168 h,
// picked on reddit's June alone, was 5.9% behind on commits without
// dates). The figures and commands are in docs/science.md (*Tracking's
// settings across traces*). The shape prior and the silent-feed bound
// were picked on reddit's June (2013-06-03 to 07-01) and checked on the
// rest of the trace.
//
// Pooling shapes was chosen on reddit's June (first halves of the sources
// and readers) against a synthetic trace of strong daily rhythms, and
// held out on the rest (docs/science.md, *Each feed's daily shape, or the
// population's*).
//
// The seen shape was chosen by its mean over eight start hours of the
// day on news, commit streams, reddit and a synthetic trace, with dates
// (docs/science.md, *The hour a run starts*); it was seen on those traces,
// so no held-out split backs it.
var DefaultTracking = Tracking{RecentHalfLife: 24 * time.Hour, RecentPrior: 500 * time.Hour, ShapePrior: 50, SilentShares: 4, LevelPrior: 3, ShapePool: true,
	SeenShape: true}

// resolved returns the settings in force: DefaultTracking for the zero
// value, nothing when Off.
func (t Tracking) resolved() Tracking {
	switch {
	case t.Off:
		return Tracking{Off: true}
	case t == Tracking{}:
		return DefaultTracking
	}
	return t
}

// validate reports a negative or non-finite setting.
func (t Tracking) validate() error {
	if t.RecentHalfLife < 0 || t.RecentPrior < 0 || !(t.ShapePrior >= 0) || math.IsInf(t.ShapePrior, 0) ||
		!(t.SilentShares >= 0) || math.IsInf(t.SilentShares, 0) || !(t.LevelPrior >= 0) || math.IsInf(t.LevelPrior, 0) {
		return fmt.Errorf("policy: tracking settings must not be negative, got %+v", t)
	}
	return nil
}

// hourlyInto writes the source's 24 hourly rates as tracking sees them:
// the learned pattern (Models.hourlyInto), its shape replaced by the
// posterior dated shape and its level by the recent level when set.
//
// A watched page keeps the learned pattern: its level is the change rate
// from change-only observations (SetChangeRate), which corrects the count
// of one change per changed fetch that Recent holds, and live a page's
// changes carry no dates, only the fetches that found them.
func (t Tracking) hourlyInto(m *Models, out []float64) {
	m.hourlyInto(out)
	if m.Page {
		return
	}
	if t.ShapePrior > 0 && !(t.SeenShape && seenShape(m, t.ShapePrior, out)) {
		datedShape(m, t.ShapePrior, out)
	}
	if t.RecentHalfLife <= 0 {
		return
	}
	level, fresh := 0.0, recentLevel(m, t.RecentHalfLife, t.RecentPrior)
	for _, r := range out {
		level += r / 24
	}
	for i := range out {
		if level > 0 {
			out[i] *= fresh / level
		} else {
			out[i] = fresh
		}
	}
}

// datedShape reshapes out (24 hourly rates, their sum kept) to the
// posterior of the dated histogram under a prior of out's own shape worth
// kappa items: rate_h = level·(c_h + κ·p_h)/(Σc + κ).
func datedShape(m *Models, kappa float64, out []float64) {
	if m.Posted == nil {
		return
	}
	level, n := 0.0, m.Posted.Total()
	for _, r := range out {
		level += r
	}
	if level <= 0 || n <= 0 {
		return
	}
	for i := range out {
		out[i] = level * (m.Posted.Counts[i] + kappa*out[i]/level) / (n + kappa)
	}
}

// seenWeek is the watching, in hours, after which the seen stretches
// take over whatever items they hold.
const seenWeek = 7 * 24

// seenShape reshapes out (24 hourly rates, their sum kept) to the seen
// stretches' rates (estimate.HourShape.SeenRates) under a prior of out's
// own shape worth kappa items, and reports whether it did (SeenRates'
// conditions, with as many items as the prior is worth).
func seenShape(m *Models, kappa float64, out []float64) bool {
	if m.Posted == nil || len(out) != 24 {
		return false
	}
	level := 0.0
	for _, r := range out {
		level += r
	}
	if level <= 0 {
		return false
	}
	var prior, rates [24]float64
	for i, r := range out {
		prior[i] = r / level
	}
	// The seen stretches take over once they hold as many items as
	// their prior is worth or a week of watching (a slow feed's decayed
	// items level off near 40 days' worth): models stored before them keep
	// their histogram's shape until then.
	if !m.Posted.SeenRates(kappa, kappa, seenWeek, prior[:], rates[:]) {
		return false
	}
	sum := 0.0
	for _, r := range rates {
		sum += r
	}
	for i := range out {
		out[i] = level * rates[i] / sum
	}
	return true
}

// recentLevel is a Gamma-Poisson estimate of the source's rate in items
// per hour at its last fetch L: the postings of the last week (Recent, by
// their dates) weighted by 2^(−age/halfLife), over the exposure weighted
// alike, under a Gamma prior whose mean is the long-run rate (the EWMA
// level) and whose strength is prior hours of exposure:
//
//	λ = (Σ_j 2^(−(L−t_j)/h) + E0·λ_long) / (∫_{L−T}^{L} 2^(−(L−s)/h) ds + E0),
//
// T being the week, or the time since the source was added if shorter.
func recentLevel(m *Models, halfLife, prior time.Duration) float64 {
	long, last := m.EWMA.Rate, m.EWMA.Last
	if last.IsZero() || halfLife <= 0 {
		return long
	}
	start := last.Add(-7 * 24 * time.Hour)
	if m.Learned != nil && m.Learned.Added.After(start) {
		start = m.Learned.Added
	}
	span := last.Sub(start).Hours()
	if span <= 0 {
		return long
	}
	k := math.Ln2 / halfLife.Hours()
	count := 0.0
	for _, t := range m.Recent {
		if !t.Before(start) && !t.After(last) {
			count += math.Exp(-k * last.Sub(t).Hours())
		}
	}
	exposure := -math.Expm1(-k*span) / k
	e0 := prior.Hours()
	return (count + e0*long) / (exposure + e0)
}
