package estimate

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"
)

// dailyOrigin returns the start of slot 0 of a daily model: midnight UTC.
// Any midnight UTC gives the same slots; the Unix epoch is one.
func dailyOrigin() time.Time { return time.Unix(0, 0).UTC() }

// weeklyOrigin returns the start of slot 0 of a weekly model: a Monday,
// 00:00 UTC (1970-01-05), so slot i is hour i%24 of weekday i/24 counted
// from Monday.
func weeklyOrigin() time.Time { return time.Date(1970, 1, 5, 0, 0, 0, 0, time.UTC) }

// Periodic is the periodic publication model of Horincar et al. §4.2: a
// period Δ (a day or a week) cut into n equal slots, with a rate λ_i of new
// items per hour inside slot i. The expected number of new items over
// [T_r, T) is the integral of λ over the interval, with partial first and
// last slots and whole slots between, wrapping modulo n.
//
// After a fetch that saw x new items over [T_r, T_{r+1}), whose expected
// number was D, every slot j the interval covers is updated by
//
//	λ_j ← α · λ_j · (x / D) + (1 − α) · λ_j
//
// and the other slots are left alone (Horincar et al. §4.2, update rule).
//
// Slots are placed in UTC: slot i covers [Origin + i·Δ/n, Origin + (i+1)·Δ/n)
// modulo Δ. Daily models start at midnight UTC, weekly ones at Monday 00:00
// UTC. Δ must be a whole number of seconds, divisible into n equal slots.
//
// Choices the paper leaves open, each a field:
//   - D = 0 (every covered slot is at zero): x is spread over the covered
//     slots in proportion to their covered time, which gives each the rate
//     x/|I| for an interval of |I| hours, and α enters as in the
//     single-variable model: λ_j ← α · x/|I| + (1 − α) · λ_j.
//   - Seeded: Horincar et al. (§6) start every slot at 0. A live monitor cannot wait for a
//     long warm-up, so a seeded model (the default of NewDaily and
//     NewWeekly) that has never seen an item sets every slot, covered or
//     not, to x/|I| on its first observation with x > 0: the single-variable
//     estimate as a flat start that later updates reshape.
//   - Weighted: the paper gives a slot covered for a minute the same weight as a
//     slot covered for an hour. With Weighted set, slot j is updated with
//     α·f_j instead of α, f_j being the fraction of the slot the interval
//     covers (at most 1). Off by default, as in the paper.
type Periodic struct {
	Period   time.Duration `json:"period"`
	Origin   time.Time     `json:"origin"`
	Alpha    float64       `json:"alpha"`
	Rates    []float64     `json:"rates"` // items per hour in each slot
	Weighted bool          `json:"weighted"`
	Seeded   bool          `json:"seeded"`
	N        int           `json:"n"` // observations folded in so far
}

// NewPeriodic returns a seeded model of the given period cut into slots
// equal slots starting at origin, with smoothing constant alpha.
func NewPeriodic(period time.Duration, slots int, origin time.Time, alpha float64) (*Periodic, error) {
	if slots < 1 {
		return nil, fmt.Errorf("estimate: a periodic model needs at least one slot, got %d", slots)
	}
	p := &Periodic{Period: period, Origin: origin, Alpha: alpha, Rates: make([]float64, slots), Seeded: true}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// NewDaily returns a seeded daily model of 24 one-hour slots, slot 0
// starting at midnight UTC.
func NewDaily(alpha float64) *Periodic {
	return &Periodic{Period: 24 * time.Hour, Origin: dailyOrigin(), Alpha: alpha, Rates: make([]float64, 24), Seeded: true}
}

// NewWeekly returns a seeded weekly model of 168 one-hour slots, slot 0
// starting on Monday at 00:00 UTC.
func NewWeekly(alpha float64) *Periodic {
	return &Periodic{Period: 7 * 24 * time.Hour, Origin: weeklyOrigin(), Alpha: alpha, Rates: make([]float64, 168), Seeded: true}
}

// Validate reports whether the model's parameters and rates are usable.
func (p *Periodic) Validate() error {
	n := len(p.Rates)
	switch {
	case n == 0:
		return errors.New("estimate: periodic model has no slots")
	case p.Period <= 0:
		return fmt.Errorf("estimate: period must be positive, got %v", p.Period)
	case p.Period%time.Second != 0:
		return fmt.Errorf("estimate: period %v is not a whole number of seconds", p.Period)
	case p.Period%time.Duration(n) != 0:
		return fmt.Errorf("estimate: period %v does not divide into %d equal slots", p.Period, n)
	case !(p.Alpha > 0 && p.Alpha <= 1):
		return fmt.Errorf("estimate: smoothing constant alpha must be in (0, 1], got %v", p.Alpha)
	case p.N < 0:
		return fmt.Errorf("estimate: observation count must not be negative, got %d", p.N)
	}
	for i, r := range p.Rates {
		if r < 0 || math.IsNaN(r) || math.IsInf(r, 0) {
			return fmt.Errorf("estimate: rate of slot %d must be a finite non-negative number, got %v", i, r)
		}
	}
	return nil
}

// slot returns the length of one slot.
func (p *Periodic) slot() time.Duration {
	return p.Period / time.Duration(len(p.Rates))
}

// locate returns the slot holding t and how far into that slot t lies.
func (p *Periodic) locate(t time.Time) (int, time.Duration) {
	secs := (t.Unix() - p.Origin.Unix()) % int64(p.Period/time.Second)
	phase := time.Duration(secs)*time.Second + time.Duration(t.Nanosecond()-p.Origin.Nanosecond())
	phase %= p.Period
	if phase < 0 {
		phase += p.Period
	}
	w := p.slot()
	return int(phase / w), phase % w
}

// walk calls fn for each piece of [from, from+span) that lies in one slot,
// in time order, with the slot and the piece's length. span must be less
// than two periods; the first slot may come twice.
func (p *Periodic) walk(from time.Time, span time.Duration, fn func(slot int, d time.Duration)) {
	i, off := p.locate(from)
	w := p.slot()
	for span > 0 {
		d := min(w-off, span)
		fn(i, d)
		span -= d
		off = 0
		i = (i + 1) % len(p.Rates)
	}
}

// perPeriod returns the number of items expected over one whole period.
func (p *Periodic) perPeriod() float64 {
	sum := 0.0
	for _, r := range p.Rates {
		sum += r
	}
	return sum * p.slot().Hours()
}

// Rate returns λ at t, in items per hour.
func (p *Periodic) Rate(t time.Time) float64 {
	i, _ := p.locate(t)
	return p.Rates[i]
}

// Expected returns Div_est(from, to) = ∫ λ over [from, to), the number of
// items expected to be published in the interval (Horincar et al. §4.2).
// Intervals longer than a period count each whole period once; an empty or
// reversed interval expects nothing.
func (p *Periodic) Expected(from, to time.Time) float64 {
	if !to.After(from) {
		return 0
	}
	span := to.Sub(from)
	whole := float64(span / p.Period)
	sum := whole * p.perPeriod()
	p.walk(from, span%p.Period, func(i int, d time.Duration) {
		sum += p.Rates[i] * d.Hours()
	})
	return sum
}

// coverage returns the hours of [from, from+span) that fall in each slot.
func (p *Periodic) coverage(from time.Time, span time.Duration) []float64 {
	return p.coverageInto(make([]float64, len(p.Rates)), from, span)
}

// coverageBufs keeps the slices Observe works out its coverage in, so
// that a fetch allocates none: in a pass of 304s, each fetch's
// allocations are what the collector works through. (On the stack, a
// weekly model's 168 slots grew the fetchers' stacks instead.)
var coverageBufs sync.Pool

// coverageBuf returns a slice of n zeros from coverageBufs.
func coverageBuf(n int) *[]float64 {
	if b, ok := coverageBufs.Get().(*[]float64); ok && cap(*b) >= n {
		*b = (*b)[:n]
		clear(*b)
		return b
	}
	b := make([]float64, n, max(n, 7*24)) // a daily model's buffer serves a weekly one too
	return &b
}

// coverageInto is coverage written into cov, which has a zero for each
// slot.
func (p *Periodic) coverageInto(cov []float64, from time.Time, span time.Duration) []float64 {
	if whole := span / p.Period; whole > 0 {
		h := float64(whole) * p.slot().Hours()
		for i := range cov {
			cov[i] = h
		}
	}
	p.walk(from, span%p.Period, func(i int, d time.Duration) {
		cov[i] += d.Hours()
	})
	return cov
}

// Observe folds in x new items seen over [from, to). A reversed or empty
// interval, or a negative count, changes nothing.
func (p *Periodic) Observe(from, to time.Time, x int) {
	if !to.After(from) || x < 0 {
		return
	}
	span := to.Sub(from)
	p.N++
	if p.Seeded && x > 0 && p.empty() {
		p.fill(float64(x) / span.Hours())
		return
	}
	cov := coverageBuf(len(p.Rates))
	defer coverageBufs.Put(cov)
	p.coverageInto(*cov, from, span)
	d := 0.0
	for i, c := range *cov {
		d += p.Rates[i] * c
	}
	p.update(*cov, float64(x), d, span.Hours())
}

// update applies the proportional rule to the covered slots; with d = 0 it
// spreads x evenly over the covered time.
func (p *Periodic) update(cov []float64, x, d, hours float64) {
	w := p.slot().Hours()
	for i, c := range cov {
		if c == 0 {
			continue
		}
		a := p.Alpha
		if p.Weighted {
			a *= min(1, c/w)
		}
		target := x / hours
		if d > 0 {
			target = p.Rates[i] / d * x
		}
		p.Rates[i] = a*target + (1-a)*p.Rates[i]
	}
}

// empty reports whether every slot is at zero.
func (p *Periodic) empty() bool {
	for _, r := range p.Rates {
		if r != 0 {
			return false
		}
	}
	return true
}

// fill sets every slot to rate r.
func (p *Periodic) fill(r float64) {
	for i := range p.Rates {
		p.Rates[i] = r
	}
}

// TimeTo returns how long after from k new items are expected, and false
// when the model expects none at all or the time does not fit in a
// time.Duration.
func (p *Periodic) TimeTo(from time.Time, k float64) (time.Duration, bool) {
	per := p.perPeriod()
	if per <= 0 || k < 0 || math.IsNaN(k) || math.IsInf(k, 0) {
		return 0, false
	}
	whole := math.Floor(k / per)
	if whole*float64(p.Period) >= math.MaxInt64/2 {
		return 0, false
	}
	rest := k - whole*per
	at := time.Duration(whole) * p.Period
	acc, done := 0.0, rest <= 0
	p.walk(from, p.Period+p.slot(), func(i int, d time.Duration) {
		if done {
			return
		}
		got := p.Rates[i] * d.Hours()
		if acc+got >= rest {
			at += time.Duration((rest - acc) / got * float64(d))
			done = true
			return
		}
		acc += got
		at += d
	})
	return at, true
}

// MarshalModel encodes the model for storage.
func (p *Periodic) MarshalModel() ([]byte, error) {
	return json.Marshal(p)
}

// UnmarshalPeriodic decodes a stored periodic model and validates it.
func UnmarshalPeriodic(b []byte) (*Periodic, error) {
	if len(b) == 0 {
		return nil, errors.New("estimate: empty periodic model")
	}
	p := &Periodic{}
	if err := json.Unmarshal(b, p); err != nil {
		return nil, fmt.Errorf("estimate: unable to decode periodic model: %w", err)
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}
