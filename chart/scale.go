package chart

import (
	"math"
	"strconv"
)

// axis maps data values on one axis to pixels.
type axis struct {
	lo, hi     float64 // data range shown
	plo, phi   float64 // pixel range
	log        bool
	ticks      []float64
	tickLabels []string
}

// pixel maps a data value to its pixel coordinate.
func (a axis) pixel(v float64) float64 {
	lo, hi := a.lo, a.hi
	if a.log {
		v, lo, hi = math.Log10(v), math.Log10(lo), math.Log10(hi)
	}
	if hi == lo {
		return (a.plo + a.phi) / 2
	}
	return a.plo + (v-lo)/(hi-lo)*(a.phi-a.plo)
}

// linearAxis spans [lo, hi] widened to round tick values.
func linearAxis(lo, hi float64) axis {
	if lo == hi {
		lo, hi = lo-1, hi+1
		if lo < 0 && hi > 0 && lo >= -1 {
			lo = 0
		}
	}
	step := niceStep((hi - lo) / 5)
	a := axis{lo: math.Floor(lo/step) * step, hi: math.Ceil(hi/step) * step}
	for v := a.lo; v <= a.hi+step/2; v += step {
		t := math.Round(v/step) * step
		a.ticks = append(a.ticks, t)
		a.tickLabels = append(a.tickLabels, formatTick(t))
	}
	return a
}

// fixedAxis spans exactly [lo, hi] with ticks every step from lo (a round
// step when step is 0).
func fixedAxis(lo, hi, step float64) axis {
	if step <= 0 {
		step = niceStep((hi - lo) / 5)
	}
	a := axis{lo: lo, hi: hi}
	for i := 0; ; i++ {
		t := lo + float64(i)*step
		if t > hi+step/1e6 {
			break
		}
		a.ticks = append(a.ticks, t)
		a.tickLabels = append(a.tickLabels, formatTick(t))
	}
	return a
}

// niceStep rounds a raw step up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// logAxis spans [lo, hi] (both positive) with ticks at 1, 2 and 5 times
// the powers of ten inside it; a range narrower than that has its ends as
// ticks.
func logAxis(lo, hi float64) axis {
	if lo == hi {
		lo, hi = lo/2, hi*2
	}
	a := axis{lo: lo, hi: hi, log: true}
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for _, m := range []float64{1, 2, 5} {
			t := m * math.Pow(10, e)
			if t >= lo*(1-1e-9) && t <= hi*(1+1e-9) {
				a.ticks = append(a.ticks, t)
			}
		}
	}
	if len(a.ticks) < 2 {
		a.ticks = []float64{lo, hi}
	}
	for _, t := range a.ticks {
		a.tickLabels = append(a.tickLabels, formatTick(t))
	}
	return a
}

// formatTick writes a tick value compactly.
func formatTick(v float64) string {
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// dataRange returns the smallest and largest drawable x and y of the series.
func dataRange(series []Series) (xlo, xhi, ylo, yhi float64, ok bool) {
	xlo, ylo = math.Inf(1), math.Inf(1)
	xhi, yhi = math.Inf(-1), math.Inf(-1)
	for _, s := range series {
		for _, pt := range s.Points {
			if !finite(pt) {
				continue
			}
			ok = true
			xlo, xhi = math.Min(xlo, pt.X), math.Max(xhi, pt.X)
			ylo, yhi = math.Min(ylo, pt.Y), math.Max(yhi, pt.Y)
		}
	}
	return xlo, xhi, ylo, yhi, ok
}
