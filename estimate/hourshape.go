package estimate

import (
	"fmt"
	"math"
	"time"
)

// DefaultShapeHalfLife is how fast an HourShape forgets: four weeks, the
// longer of the two half-lives tried (a week and four weeks) on the
// training window of reddit-2013q3.
const DefaultShapeHalfLife = 4 * 7 * 24 * time.Hour

// HourShape is a source's daily pattern learned from its items' published
// dates rather than from fetch counts: a histogram of the UTC hours items
// were published in, each count decaying with half-life HalfLife. A
// fetch's count only says how many items came somewhere in the interval
// it covers, so the periodic model (Horincar et al. §4.2) learns a slot
// only from the fetches that cover it; an item's date says its hour.
// (Beyond the papers.)
type HourShape struct {
	HalfLife time.Duration `json:"half_life"`
	Counts   []float64     `json:"counts"` // decayed items per UTC hour, 24 slots
	Last     time.Time     `json:"last"`   // when the counts were last decayed to
	// Dated is the part of the counts' total that Observe added from
	// items' own dates, decayed alike; the rest are ObserveShares' imputed
	// shares. Dated counts are multinomial draws of the source's hours,
	// what a comparison of sources' shapes can weigh as evidence.
	Dated float64 `json:"dated,omitempty"`
	// DatedSq is the sum of the squares of the dated items' weights,
	// decayed alike: Dated²/DatedSq is how many undecayed items the dated
	// counts are worth (DatedSize).
	DatedSq float64 `json:"dated_sq,omitempty"`
	// Exposure is the hours of watching in each UTC hour, decayed alike:
	// the stretches whose every item a fetch showed (ObserveSeen). A fetch
	// whose items were all new may have lost older ones to the feed's
	// window, so its stretch begins at its oldest item, not at the fetch
	// before. Empty until the first such stretch.
	Exposure []float64 `json:"exposure,omitempty"`
	// Seen is the dated items counted in those stretches, per UTC hour,
	// decayed alike: Seen[h]/Exposure[h] is hour h's rate whatever hours
	// the fetches came at, where the histogram of Counts piles a
	// saturated feed's items into the hours just before its fetches.
	Seen []float64 `json:"seen,omitempty"`
}

// NewHourShape returns an empty histogram whose counts halve every halfLife.
func NewHourShape(halfLife time.Duration) *HourShape {
	return &HourShape{HalfLife: halfLife, Counts: make([]float64, 24)}
}

// Validate reports whether the histogram is usable.
func (h *HourShape) Validate() error {
	if h.HalfLife <= 0 {
		return fmt.Errorf("estimate: hour shape half-life must be positive, got %v", h.HalfLife)
	}
	if len(h.Counts) != 24 {
		return fmt.Errorf("estimate: hour shape needs 24 counts, got %d", len(h.Counts))
	}
	for _, c := range h.Counts {
		if !(c >= 0) || math.IsInf(c, 0) {
			return fmt.Errorf("estimate: hour shape counts must be finite and non-negative, got %v", c)
		}
	}
	for _, v := range [][]float64{h.Exposure, h.Seen} {
		if len(v) != 0 && len(v) != 24 {
			return fmt.Errorf("estimate: hour shape seen stretches need 0 or 24 values, got %d", len(v))
		}
		for _, c := range v {
			if !(c >= 0) || math.IsInf(c, 0) {
				return fmt.Errorf("estimate: hour shape seen stretches must be finite and non-negative, got %v", c)
			}
		}
	}
	if len(h.Exposure) != len(h.Seen) {
		return fmt.Errorf("estimate: hour shape has %d exposures and %d seen counts", len(h.Exposure), len(h.Seen))
	}
	if !(h.Dated >= 0) || math.IsInf(h.Dated, 0) || !(h.DatedSq >= 0) || math.IsInf(h.DatedSq, 0) {
		return fmt.Errorf("estimate: hour shape dated counts must be finite and non-negative, got %v and %v", h.Dated, h.DatedSq)
	}
	return nil
}

// Observe decays the counts to t and adds each date not after t, weighted
// by its own decay from its date to t; zero dates (items without one) are
// skipped. An observation before the last one decays nothing.
func (h *HourShape) Observe(t time.Time, dates []time.Time) {
	if t.After(h.Last) {
		if !h.Last.IsZero() {
			f := h.decay(t.Sub(h.Last))
			scale(h.Counts, f)
			scale(h.Exposure, f)
			scale(h.Seen, f)
			h.Dated *= f
			h.DatedSq *= f * f
		}
		h.Last = t
	}
	for _, d := range dates {
		if d.IsZero() || d.After(h.Last) {
			continue
		}
		w := h.decay(h.Last.Sub(d))
		h.Counts[hourOfDay(d)] += w
		h.Dated += w
		h.DatedSq += w * w
	}
}

// decay is the weight left after age.
func (h *HourShape) decay(age time.Duration) float64 {
	return math.Exp2(-age.Hours() / h.HalfLife.Hours())
}

// DatedSize is how many undecayed items the dated counts are worth, the
// effective size (Σw)²/Σw² of their decayed weights: about twice Dated
// for a long steady stream, Dated itself for items just seen; 0 when
// there are none.
func (h *HourShape) DatedSize() float64 {
	if !(h.DatedSq > 0) {
		return 0
	}
	return h.Dated * h.Dated / h.DatedSq
}

// Total returns the sum of the decayed counts.
func (h *HourShape) Total() float64 {
	sum := 0.0
	for _, c := range h.Counts {
		sum += c
	}
	return sum
}

// ObserveShares decays the counts to t and adds items whose hours are not
// known, only their expected share in each UTC hour (shares, 24 values),
// each weighted by the decay from mid, the middle of the interval they came
// in, to t: the interval-censored counterpart of Observe for a fetch
// without dates.
func (h *HourShape) ObserveShares(t, mid time.Time, shares []float64) {
	h.Observe(t, nil)
	if mid.After(h.Last) {
		mid = h.Last
	}
	f := h.decay(h.Last.Sub(mid))
	for i, s := range shares[:min(len(shares), len(h.Counts))] {
		if s > 0 {
			h.Counts[i] += s * f
		}
	}
}
