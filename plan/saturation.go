package plan

import (
	"math"
	"sort"
)

// A feed shows only its last W postings (its publication window). It is
// saturated once W postings have appeared since the last fetch; after
// that, each new posting pushes an unread one out of the window and it is
// lost (Horincar et al. §6.2). Two measures describe the harm, both over a
// run of fetches: feed completeness, the share of published postings that
// some fetch captured, and window freshness, the share of time during which
// the stored copy of the window equals the feed's current window.

// LatestSafe returns the latest time t in [from, until] at which the
// expected number of new postings since the last fetch, count(t), is still
// at most window, and whether the window fills before until. count must be
// nondecreasing on [from, until] (e.g. t ↦ Pattern.Expected(from, t)); the
// answer is found by bisection to the resolution of float64. A feed
// already saturated at from gives from, true.
func LatestSafe(count func(t float64) float64, window, from, until float64) (float64, bool) {
	if count(until) <= window {
		return until, false
	}
	if count(from) > window {
		return from, true
	}
	// Invariant: count(lo) ≤ window < count(hi). 2100 halvings take any
	// float64 span down to adjacent floats.
	lo, hi := from, until
	for range 2100 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if count(mid) <= window {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, true
}

// SaturationTime returns the latest time (in slots, on the unrolled
// timeline) at which a feed last fetched at from still holds at most
// window expected new postings: the last safe moment for the next fetch,
// exact for the Pattern's piecewise-constant rate. A quiet stretch right
// before the window would overflow counts as safe. A pattern with no
// postings never saturates: +Inf, false.
func (p *Pattern) SaturationTime(from, window float64) (float64, bool) {
	if p.total == 0 {
		return math.Inf(1), false
	}
	v := p.cumulative(from) + max(window, 0)
	k := math.Floor(v / p.total)
	r := v - k*p.total
	if r >= p.total { // rounding
		k, r = k+1, 0
	}
	// The first slot whose postings take the count past r.
	s := sort.Search(p.n, func(s int) bool { return p.lam[s+1] > r })
	t := k*float64(p.n) + float64(s) + (r-p.lam[s])/(p.lam[s+1]-p.lam[s])
	return max(t, from), true
}

// SaturationReserve returns the fetches per period that keep a feed
// posting rate postings per period, showing window of them, from
// saturating when each fetch comes as its window fills: ⌈rate/window⌉.
// It is 0 when the window is unknown (≤ 0) or the feed silent.
func SaturationReserve(rate float64, window int) int {
	if window <= 0 || !(rate > 0) {
		return 0
	}
	return int(math.Ceil(rate / float64(window)))
}
