package policy

import (
	"fmt"
	"math"
	"time"

	"vigil/estimate"
	"vigil/plan"
)

// minutesPerDay is the placement resolution: 1440 one-minute slots per day
// (Sia et al. §4.3).
const minutesPerDay = 1440

// dayPlan is one source's fetches at the given minutes after midnight UTC,
// moved by shift minutes (the source's jitter; the minutes themselves may
// be shared by every source of a pattern cluster): on every day when
// period is 1, else on average every period days (period = 1/c for a share
// of c < 1 fetch a day), see next.
type dayPlan struct {
	period  float64 // mean days between fetch days, ≥ 1
	phase   int64   // days a source never fetched waits before its first fetch
	key     uint64  // the source's hash, for choosing whole-day intervals
	shift   int64
	minutes []int
}

// next returns the first planned instant after now. A source fetched less
// than daily is next fetched ⌊period⌋ or ⌈period⌉ days after the day of its
// last fetch, at its minute: the longer gap with probability frac(period),
// drawn from a hash of the source and that day, so that the gaps average
// period days and a fractional share is spent exactly.
//
// The draw is anchored to the last fetch on purpose. The first rule laid
// fetch days on a fixed grid, phase + ⌊k·period⌋ days from 1970; k is then
// in the thousands, so a re-plan that changed period by a fraction of a
// percent (as every re-plan does, rates moving with each fetch) moved the
// next fetch day arbitrarily, and daily re-plans could keep pushing a
// source's fetch away for weeks. Here the same change flips the whole-day
// gap only when the draw falls between the old and the new fraction.
func (p dayPlan) next(now, last time.Time) time.Time {
	if p.period <= 1 {
		return p.anchored(now, last)
	}
	var from int64 // the day of the next fetch
	if last.IsZero() || last.After(now) {
		from = p.day(now) + p.phase
	} else {
		d := p.day(last)
		gap := math.Floor(p.period)
		if float64(mix64(p.key^uint64(d))>>11)/(1<<53) < p.period-gap {
			gap++
		}
		from = d + int64(gap)
	}
	if t := p.at(from, p.minutes[0]); t.After(now) {
		return t
	}
	return p.after(now)
}

// anchored returns the next of the daily minutes after now, holding to the
// source's last fetch: a re-plan moves the minutes, and taking the first
// minute after now alone then fetched a source twice in a few minutes
// when its minute moved later past the fetch just made, or skipped a
// fetch when its minute moved earlier past now (the figures are in
// docs/policy-notes.md, *Re-plans held to the last fetch*).
// With prev the last minute at or before now and nxt the first after, a
// last fetch more than half their gap before prev means prev's fetch was
// never made: it is due at once; a last fetch within half the gap before
// nxt means nxt's was made early: the minute after it is next.
func (p dayPlan) anchored(now, last time.Time) time.Time {
	nxt := p.after(now)
	if last.IsZero() || last.After(now) {
		return nxt
	}
	prev := p.before(now)
	half := nxt.Sub(prev) / 2
	switch {
	case last.Before(prev.Add(-half)):
		return now
	case nxt.Sub(last) < half:
		return p.after(nxt)
	}
	return nxt
}

// before returns the last of the minutes at or before now, on any day.
func (p dayPlan) before(now time.Time) time.Time {
	d0 := p.day(now)
	for d := d0; d >= d0-1; d-- {
		for k := len(p.minutes) - 1; k >= 0; k-- {
			if t := p.at(d, p.minutes[k]); !t.After(now) {
				return t
			}
		}
	}
	return now.Add(-day) // no minutes: cannot happen for a placed plan
}

// day is the index of t's day on the source's shifted minute grid.
func (p dayPlan) day(t time.Time) int64 {
	return floorDiv(t.Unix()-p.shift*60, 86400)
}

// at is minute m of day d, shifted.
func (p dayPlan) at(d int64, m int) time.Time {
	return time.Unix(d*86400+(int64(m)+p.shift)*60, 0).UTC()
}

// after returns the first of the minutes after now, on any day.
func (p dayPlan) after(now time.Time) time.Time {
	d0 := p.day(now)
	for d := d0; d <= d0+1; d++ {
		for _, m := range p.minutes {
			if t := p.at(d, m); t.After(now) {
				return t
			}
		}
	}
	return now.Add(day) // no minutes: cannot happen for a placed plan
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// countFunc returns each source's share of the budget, in fetches per day.
type countFunc func(p *scheduled, srcs []*Source) []float64

// timesFunc returns the minutes of the day of a source's m daily fetches.
type timesFunc func(s *Source, m int, seed uint64) ([]int, error)

// scheduled is a policy that plans whole days: how many fetches each source
// gets (count) and at which minutes (times). It is uniform, alloc, place,
// combined or user depending on its strategy.
type scheduled struct {
	strategy
	name  string
	cfg   Config
	plans map[int64]dayPlan
	// unitAccess is, for the user policy, the mean accesses per day per unit
	// of reader weight over the feeds whose readers' accesses are known,
	// and anyAccess whether there is any such feed.
	unitAccess float64
	anyAccess  bool
	// delay is the last plan's expected mean delay in days, when delayKnown.
	delay      float64
	delayKnown bool
}

// newScheduled returns the scheduled policy called name that plans by st.
func newScheduled(name string, c Config, st strategy) *scheduled {
	return &scheduled{strategy: st, name: name, cfg: c, plans: map[int64]dayPlan{}}
}

// Name returns the policy's name.
func (p *scheduled) Name() string { return p.name }

// Plan splits the budget among srcs and places each source's fetches. A
// source that gets m ≥ 1 fetches per day is fetched m times every day (the
// integer m of an exact allocation, see plan.Allocate); one that gets a
// fraction c < 1 is fetched once every 1/c days on average (see
// dayPlan.next), at the best minute for one fetch.
func (p *scheduled) Plan(srcs []*Source, _ time.Time) error {
	if p.tracked {
		srcs = trackedViews(p.cfg.Tracking.resolved(), srcs)
	}
	p.unitAccess, p.anyAccess = meanAccess(srcs)
	pl, err := p.newPlacement(srcs)
	if err != nil {
		return fmt.Errorf("policy %s: %w", p.name, err)
	}
	shares, daily, err := p.split(srcs, pl)
	if err != nil {
		return fmt.Errorf("policy %s: %w", p.name, err)
	}
	counts := make([]int, len(srcs))
	plans := make(map[int64]dayPlan, len(srcs))
	for i, s := range srcs {
		dp := dayPlan{period: 1}
		counts[i] = daily[i]
		if counts[i] == 0 {
			dp.period = min(1/math.Max(shares[i], 1e-9), float64(p.cfg.MaxInterval)/float64(day))
			dp.period = max(dp.period, 1)
			dp.phase = int64(mix64(uint64(s.ID)^p.cfg.Seed) % uint64(math.Ceil(dp.period)))
			dp.key = mix64(uint64(s.ID) ^ p.cfg.Seed ^ gapSalt)
			counts[i] = 1
		}
		plans[s.ID] = dp
	}
	minutes, err := pl.all(counts)
	if err != nil {
		return fmt.Errorf("policy %s: %w", p.name, err)
	}
	for i, s := range srcs {
		dp := plans[s.ID]
		dp.minutes, dp.shift = minutes[i], jitter(s.ID, p.cfg.Seed)
		plans[s.ID] = dp
	}
	p.plans = plans
	p.noteDelay(srcs)
	return nil
}

// split returns each source's share of the budget and, for a share of a
// fetch a day or more, its whole daily count: by the placed costs
// (placedShares) where the strategy asks for them and the configuration
// does not turn them off, otherwise by the strategy's count and
// integerCounts.
func (p *scheduled) split(srcs []*Source, pl *placement) ([]float64, []int, error) {
	if !p.placedCounts || p.cfg.SqrtAllocation {
		shares := p.count(p, srcs)
		return shares, p.integerCounts(srcs, shares), nil
	}
	shares, err := p.placedShares(srcs, pl)
	if err != nil {
		return nil, nil, err
	}
	daily := make([]int, len(srcs))
	for i, x := range shares {
		if x >= 1 {
			daily[i] = int(x)
		}
	}
	return shares, daily, nil
}

// jitterMinutes is the most a planned fetch is moved, so that sources with
// the same schedule (one host's feeds, one cluster's) do not all fetch in
// the same minute.
const jitterMinutes = 2

// jitter is a source's deterministic shift in [−jitterMinutes,
// jitterMinutes] minutes.
func jitter(id int64, seed uint64) int64 {
	return int64(mix64(uint64(id)^seed^jitterSalt)%(2*jitterMinutes+1)) - jitterMinutes
}

// integerCounts turns shares of at least one fetch per day into whole
// daily counts; a source with a smaller share gets 0 (fetched every few days).
// Square-root policies take the exact integer optimum over those sources
// (plan.Allocate) with the same floors (lowered to fit the budget);
// uniform-count ones split the same total evenly (plan.UniformCounts).
func (p *scheduled) integerCounts(srcs []*Source, shares []float64) []int {
	out := make([]int, len(srcs))
	var idx []int
	total := 0.0
	for i := range srcs {
		if shares[i] >= 1 {
			idx = append(idx, i)
			total += shares[i]
		}
	}
	if len(idx) == 0 {
		return out
	}
	budget := max(len(idx), int(math.Round(total)))
	if p.evenCounts {
		counts, err := plan.UniformCounts(len(idx), budget)
		if err == nil {
			for j, i := range idx {
				_, hi := p.cfg.bounds(srcs[i])
				out[i] = min(counts[j], max(1, int(hi)))
			}
			return out
		}
	}
	m, err := plan.Allocate(p.allocSources(srcs, idx), plan.Budget{Fetches: budget})
	for j, i := range idx {
		if err != nil {
			out[i] = int(math.Round(shares[i])) // Allocate fails only on infeasible floors
		} else {
			out[i] = m[j]
		}
	}
	return out
}

// allocSources describes the sources idx for plan.Allocate: weight times
// rate as in countSqrt, and floors from the saturation floors lowered to fit
// the budget, rounded down so that they always fit.
func (p *scheduled) allocSources(srcs []*Source, idx []int) []plan.Source {
	base, lo := make([]float64, len(srcs)), make([]float64, len(srcs))
	for i, s := range srcs {
		base[i], _ = p.cfg.baseBounds(s)
		lo[i], _ = p.cfg.bounds(s)
	}
	fitFloors(base, lo, p.cfg.PerDay)
	out := make([]plan.Source, len(idx))
	for j, i := range idx {
		s := srcs[i]
		_, hi := p.cfg.bounds(s)
		ceiling := max(1, int(hi))
		floor := min(ceiling, max(1, int(lo[i])))
		out[j] = plan.Source{Weight: p.costWeight(s), Rate: s.Models.RatePerDay(), Floor: floor, Ceiling: ceiling}
	}
	return out
}

// Next returns the source's next planned fetch after now, no sooner than
// MinInterval or the interval the source's hints ask for. A source added
// since the last Plan waits the mean interval the budget affords, counting
// it among the planned sources.
func (p *scheduled) Next(s *Source, now time.Time) time.Time {
	least := max(p.cfg.MinInterval, s.minInterval())
	dp, ok := p.plans[s.ID]
	if !ok {
		mean := time.Duration(float64(day) * float64(len(p.plans)+1) / p.cfg.PerDay)
		return s.after(min(max(mean, least), p.cfg.MaxInterval), now)
	}
	earliest := s.after(least, now) // the hinted interval counts from the last fetch
	t := dp.next(now, s.Last)
	for range 4 * minutesPerDay {
		if !t.Before(earliest) {
			break
		}
		t = dp.after(t)
	}
	if limit := s.after(p.cfg.MaxInterval, now); t.After(limit) {
		return limit // a whole-day gap can overrun the longest interval
	}
	return t
}

func weightOf(s *Source) float64 {
	if s.Weight > 0 {
		return s.Weight
	}
	return 1
}

// countUniform gives every source the same share, within its bounds.
func countUniform(p *scheduled, srcs []*Source) []float64 {
	base, lo, hi := make([]float64, len(srcs)), make([]float64, len(srcs)), make([]float64, len(srcs))
	for i, s := range srcs {
		base[i], hi[i] = p.cfg.baseBounds(s)
		lo[i], _ = p.cfg.bounds(s)
	}
	fitFloors(base, lo, p.cfg.PerDay)
	out := make([]float64, len(srcs))
	for i := range srcs {
		out[i] = min(max(p.cfg.PerDay/float64(len(srcs)), lo[i]), hi[i])
	}
	return out
}

// countSqrt shares the budget by the square root of cost weight times rate
// (Sia & Cho, Theorem 1).
func countSqrt(p *scheduled, srcs []*Source) []float64 {
	w := make([]float64, len(srcs))
	for i, s := range srcs {
		w[i] = p.costWeight(s) * s.Models.RatePerDay()
	}
	return shareBySqrt(p.cfg, srcs, w)
}

// costWeight is w_i in the allocation's cost Σ w_i·λ_i/(2·m_i). For delay
// it is the readers' weight (Sia & Cho's importance). For the user policy
// it is how often the feed's readers look, U_i accesses per day summed with
// their weights: with constant rates the postings missed between two
// fetches are u·λ·gap²/2, so the same square-root rule holds with u·λ (Sia
// et al.). A feed with no learned access counts its weight times a share
// (AccessModel.Unread) of the mean accesses per unit of weight of the
// others; when no feed has one (no reader has looked yet) every feed
// counts its weight, as for delay, whatever the share.
func (p *scheduled) costWeight(s *Source) float64 {
	if !p.readers {
		return weightOf(s)
	}
	if u := accessPerDay(s); u > 0 {
		return u
	}
	if !p.anyAccess {
		return weightOf(s)
	}
	return weightOf(s) * p.unitAccess * p.cfg.Access.resolved().Unread
}

// accessPerDay is the source's readers' accesses per day, 0 if unknown.
func accessPerDay(s *Source) float64 {
	total := 0.0
	for _, a := range s.Access {
		total += a // accesses per hour in each of 24 hours
	}
	return total
}

// meanAccess is the mean accesses per day per unit of reader weight over
// the sources with a known access pattern, and whether any has one (1 and
// false when none has).
func meanAccess(srcs []*Source) (float64, bool) {
	sum, weight := 0.0, 0.0
	for _, s := range srcs {
		if u := accessPerDay(s); u > 0 {
			sum += u
			weight += weightOf(s)
		}
	}
	if weight == 0 {
		return 1, false
	}
	return sum / weight, true
}

// shareBySqrt splits the budget by sqrt(c_i) within each source's bounds,
// the saturation floors lowered together if they alone exceed the budget.
func shareBySqrt(c Config, srcs []*Source, cost []float64) []float64 {
	base, lo, hi := make([]float64, len(srcs)), make([]float64, len(srcs)), make([]float64, len(srcs))
	for i, s := range srcs {
		base[i], hi[i] = c.baseBounds(s)
		lo[i], _ = c.bounds(s)
	}
	fitFloors(base, lo, c.PerDay)
	return sqrtShares(cost, lo, hi, c.PerDay)
}

// timesUniform spaces m fetches evenly over the day, staggered by ID.
func timesUniform(s *Source, m int, seed uint64) ([]int, error) {
	offset := int(mix64(uint64(s.ID)^seed^offsetSalt) % uint64(minutesPerDay/m))
	return plan.UniformSlots(minutesPerDay, m, offset)
}

// timesDelay places m fetches to minimise the expected delay under the
// source's learned daily pattern (Sia & Cho, Theorems 2-3); a source with
// no learned rate yet is spaced evenly.
func timesDelay(s *Source, m int, seed uint64) ([]int, error) {
	rates, ok := minuteRates(s.Models.Hourly())
	if !ok {
		return timesUniform(s, m, seed)
	}
	pat, err := plan.NewDelayPattern(rates)
	if err != nil {
		return nil, err
	}
	sch, err := pat.Place(m)
	return sch.Slots, err
}

// timesMiss places m fetches to minimise the postings readers miss, given
// their access pattern (Sia et al., Theorems 1-2); without one it is
// timesDelay, and where the held-back check finds the pattern placed
// worse than even spacing (readerAware) it is timesUniform.
func timesMiss(s *Source, m int, seed uint64) ([]int, error) {
	rates, ok := minuteRates(s.Models.Hourly())
	access, aok := minuteRates(s.Access)
	if !ok {
		return timesUniform(s, m, seed)
	}
	if !aok {
		return timesDelay(s, m, seed)
	}
	if aware, err := readerAware(s, rates, m, seed); err != nil || !aware {
		if err != nil {
			return nil, err
		}
		return timesUniform(s, m, seed) // the held-back accesses did not follow the pattern
	}
	pat, err := plan.NewMissPattern(rates, access)
	if err != nil {
		return nil, err
	}
	sch, err := pat.Place(m)
	return sch.Slots, err
}

// minuteRates interpolates 24 hourly rates to 1440 per-minute values keeping
// the daily total (Sia et al. §4.3); false when there is no rate at all.
func minuteRates(hourly []float64) ([]float64, bool) {
	return slotRates(hourly, minutesPerDay)
}

// slotRates interpolates 24 hourly rates to n per-slot values keeping the
// daily total; false when there is no rate at all.
func slotRates(hourly []float64, n int) ([]float64, bool) {
	if len(hourly) != 24 {
		return nil, false
	}
	total := 0.0
	for _, r := range hourly {
		total += r
	}
	if !(total > 0) {
		return nil, false
	}
	slots, err := estimate.Pattern(hourly).Interpolate(n)
	if err != nil {
		return nil, false
	}
	return slots, true
}
