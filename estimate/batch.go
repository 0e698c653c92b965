package estimate

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"
)

// DefaultWindow is the history window of batch estimates: 14 days, beyond
// which a longer window no longer improved the rate or the pattern (Sia &
// Cho §4.2-4.3, Fig. 8 and 11).
const DefaultWindow = 14 * 24 * time.Hour

// Pattern is a periodic histogram: the fraction of a period's events that
// fall in each of its equal bins. A daily pattern has 24 one-hour bins
// starting at midnight UTC, a weekly one 168 starting on Monday 00:00 UTC.
// A pattern of a source with no events is all zero.
type Pattern []float64

// Validate reports whether the pattern is usable: non-empty, every bin a
// finite non-negative number, summing to 1 (or to 0 when it holds nothing).
func (p Pattern) Validate() error {
	if len(p) == 0 {
		return errors.New("estimate: pattern has no bins")
	}
	sum := 0.0
	for i, v := range p {
		if !finiteNonNegative(v) {
			return fmt.Errorf("estimate: pattern bin %d must be a finite non-negative number, got %v", i, v)
		}
		sum += v
	}
	if sum != 0 && math.Abs(sum-1) > 1e-6 {
		return fmt.Errorf("estimate: pattern sums to %v, want 1 (or 0 when empty)", sum)
	}
	return nil
}

// Interpolate smooths the pattern to n values over the same period by
// piecewise-linear interpolation between the bins' centres, wrapping at the
// end of the period (midnight for a daily pattern), and rescales the result
// so that it keeps the pattern's total (Sia et al. §4.3; Sia & Cho §4.3).
// Interpolate(1440) turns a daily pattern into one-minute values.
func (p Pattern) Interpolate(n int) (Pattern, error) {
	if len(p) == 0 {
		return nil, errors.New("estimate: cannot interpolate a pattern with no bins")
	}
	if n < 1 {
		return nil, fmt.Errorf("estimate: interpolation needs at least one value, got %d", n)
	}
	out := make(Pattern, n)
	bins := float64(len(p))
	sum, total := 0.0, 0.0
	for k := range out {
		x := (float64(k)+0.5)*bins/float64(n) - 0.5 // position in bin-centre units
		j := math.Floor(x)
		f := x - j
		lo := int(math.Mod(j+bins, bins))
		out[k] = (1-f)*p[lo] + f*p[(lo+1)%len(p)]
		sum += out[k]
	}
	for _, v := range p {
		total += v
	}
	if sum > 0 {
		for k := range out {
			out[k] *= total / sum
		}
	}
	return out, nil
}

// normalise scales counts in place to fractions of their sum; all-zero
// counts stay zero.
func normalise(counts []float64) Pattern {
	sum := 0.0
	for _, c := range counts {
		sum += c
	}
	if sum > 0 {
		for i := range counts {
			counts[i] /= sum
		}
	}
	return counts
}

// Batch is a batch estimate over a history window (Sia & Cho §4.2-4.3):
// the average rate, events over the time observed, and the daily and
// weekly patterns of the events.
type Batch struct {
	Rate   float64       `json:"rate"`   // events per hour over Span
	Daily  Pattern       `json:"daily"`  // 24 bins, UTC hours
	Weekly Pattern       `json:"weekly"` // 168 bins, from Monday 00:00 UTC
	Events float64       `json:"events"` // events counted; fractional when spread from fetches
	Span   time.Duration `json:"span"`   // time the counts cover
}

// Validate reports whether the estimate's values are usable.
func (b *Batch) Validate() error {
	switch {
	case !finiteNonNegative(b.Rate):
		return fmt.Errorf("estimate: batch rate must be a finite non-negative number, got %v", b.Rate)
	case !finiteNonNegative(b.Events):
		return fmt.Errorf("estimate: batch event count must be a finite non-negative number, got %v", b.Events)
	case b.Span < 0:
		return fmt.Errorf("estimate: batch span must not be negative, got %v", b.Span)
	case len(b.Daily) != 24:
		return fmt.Errorf("estimate: daily pattern has %d bins, want 24", len(b.Daily))
	case len(b.Weekly) != 168:
		return fmt.Errorf("estimate: weekly pattern has %d bins, want 168", len(b.Weekly))
	}
	if err := b.Daily.Validate(); err != nil {
		return fmt.Errorf("estimate: daily pattern: %w", err)
	}
	if err := b.Weekly.Validate(); err != nil {
		return fmt.Errorf("estimate: weekly pattern: %w", err)
	}
	return nil
}

// RateAt returns the daily-pattern rate at t, events per hour: the average
// rate shaped by the hour's share of a day, Rate · 24 · Daily[hour]; 0
// for an estimate without a daily pattern.
func (b *Batch) RateAt(t time.Time) float64 {
	if len(b.Daily) != 24 {
		return 0
	}
	return b.Rate * 24 * b.Daily[t.UTC().Hour()]
}

// WeeklyRateAt returns the weekly-pattern rate at t, events per hour:
// Rate · 168 · Weekly[hour of the week]; 0 without a weekly pattern.
func (b *Batch) WeeklyRateAt(t time.Time) float64 {
	if len(b.Weekly) != 168 {
		return 0
	}
	i, _ := weeklyBins().locate(t)
	return b.Rate * 168 * b.Weekly[i]
}

// dailyBins and weeklyBins return empty models used to place times in bins.
func dailyBins() *Periodic  { return NewDaily(1) }
func weeklyBins() *Periodic { return NewWeekly(1) }

// windowStart returns the start of the window of the given length ending at
// now, or an error for a negative length; 0 means DefaultWindow.
func windowStart(now time.Time, window time.Duration) (time.Time, error) {
	if window < 0 {
		return time.Time{}, fmt.Errorf("estimate: history window must not be negative, got %v", window)
	}
	if window == 0 {
		window = DefaultWindow
	}
	return now.Add(-window), nil
}

// FromTimes builds a batch estimate from event times (postings' dates, or a
// user's accesses) in the window of the given length ending at now (0
// means DefaultWindow). since is when observation began: when it falls
// inside the window the rate is taken over [since, now) only; zero means
// unknown, and the whole window counts.
func FromTimes(times []time.Time, since, now time.Time, window time.Duration) (Batch, error) {
	start, err := windowStart(now, window)
	if err != nil {
		return Batch{}, err
	}
	if since.After(start) {
		start = since
	}
	if !now.After(start) {
		return Batch{}, fmt.Errorf("estimate: no time observed between %v and %v", start, now)
	}
	daily, weekly := make([]float64, 24), make([]float64, 168)
	d, w := dailyBins(), weeklyBins()
	events := 0
	for _, t := range times {
		if t.Before(start) || !t.Before(now) {
			continue
		}
		i, _ := d.locate(t)
		j, _ := w.locate(t)
		daily[i]++
		weekly[j]++
		events++
	}
	return newBatch(daily, weekly, float64(events), now.Sub(start)), nil
}

// newBatch assembles a batch estimate from bin counts.
func newBatch(daily, weekly []float64, events float64, span time.Duration) Batch {
	return Batch{
		Rate: events / span.Hours(), Daily: normalise(daily), Weekly: normalise(weekly),
		Events: events, Span: span,
	}
}

// FetchCount is what one fetch of a source told: at At, New items were new
// since the previous fetch.
type FetchCount struct {
	At  time.Time
	New int
}

// FromFetches builds a batch estimate from fetches alone, for sources whose
// items carry no dates. Each fetch's new items are spread evenly over the
// interval since the previous fetch (the same rule as the periodic model's
// D = 0 case, Horincar et al. §4.2), clipped to the window of the given
// length ending at now (0 means DefaultWindow) in proportion to the part
// inside it. The first fetch has no interval and its items are not counted;
// fetches at the same instant as the previous one are skipped. The time
// observed runs from the first fetch (or the window's start) to the last
// fetch (or now). Coarse fetches blur the patterns: 24-hourly fetches leave
// a daily pattern near flat.
func FromFetches(fetches []FetchCount, now time.Time, window time.Duration) (Batch, error) {
	start, err := windowStart(now, window)
	if err != nil {
		return Batch{}, err
	}
	fs := slices.Clone(fetches)
	slices.SortStableFunc(fs, func(a, b FetchCount) int { return a.At.Compare(b.At) })
	for i, f := range fs {
		if f.New < 0 {
			return Batch{}, fmt.Errorf("estimate: fetch %d at %v has a negative new-item count %d", i, f.At, f.New)
		}
	}
	if len(fs) < 2 {
		return Batch{}, fmt.Errorf("estimate: a fetch history needs at least two fetches, got %d", len(fs))
	}
	lo, hi := later(start, fs[0].At), earlier(now, fs[len(fs)-1].At)
	if !hi.After(lo) {
		return Batch{}, fmt.Errorf("estimate: fetch history covers no time in the window from %v to %v", start, now)
	}
	daily, weekly := make([]float64, 24), make([]float64, 168)
	events := 0.0
	for i := 1; i < len(fs); i++ {
		events += spread(daily, weekly, fs[i-1].At, fs[i].At, lo, hi, float64(fs[i].New))
	}
	return newBatch(daily, weekly, events, hi.Sub(lo)), nil
}

// spread adds the part of x that falls in [lo, hi) of the interval [a, b)
// to the daily and weekly bins, x being even over [a, b), and returns it.
func spread(daily, weekly []float64, a, b, lo, hi time.Time, x float64) float64 {
	full := b.Sub(a)
	a, b = later(a, lo), earlier(b, hi)
	if full <= 0 || !b.After(a) || x == 0 {
		return 0
	}
	perHour := x / full.Hours()
	for i, h := range dailyBins().coverage(a, b.Sub(a)) {
		daily[i] += h * perHour
	}
	for i, h := range weeklyBins().coverage(a, b.Sub(a)) {
		weekly[i] += h * perHour
	}
	return b.Sub(a).Hours() * perHour
}

// later and earlier return the later and the earlier of two times.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// History is what is known of a source's past: its postings' dates, the
// fetches that saw them, and when observation began (zero when unknown).
type History struct {
	Postings []time.Time
	Fetches  []FetchCount
	Since    time.Time
}

// Estimate builds the batch estimate over the window of the given length
// ending at now: from the posting dates when there are any (FromTimes), and
// from the fetches otherwise (FromFetches). A caller that knows only some
// postings carry dates should call FromFetches itself, since the dated
// ones alone would understate the rate.
func (h History) Estimate(now time.Time, window time.Duration) (Batch, error) {
	if len(h.Postings) > 0 {
		return FromTimes(h.Postings, h.Since, now, window)
	}
	return FromFetches(h.Fetches, now, window)
}
