package policy

import (
	"math"
	"time"
)

const day = 24 * time.Hour

// bounds returns the fewest and the most fetches per day a source may get.
// The fewest: one per MaxInterval, and for a feed that shows only its last
// W items, λ/W a day, so that it is fetched before W new items are expected
// and none is lost to saturation (Horincar et al. §6.2, the first step of
// "2steps"); the allocation spends the rest of the budget. The most: one per
// MinInterval or per the interval its server hints ask for, whichever is
// longer; the hints win over the saturation floor.
func (c Config) bounds(s *Source) (lo, hi float64) {
	lo, hi = c.baseBounds(s)
	return min(max(lo, saturationFloor(s)), hi), hi
}

// baseBounds are bounds without the saturation floor: one fetch per
// MaxInterval at least, one per MinInterval or hinted interval at most.
func (c Config) baseBounds(s *Source) (lo, hi float64) {
	lo = float64(day) / float64(c.MaxInterval)
	hi = float64(day) / float64(max(c.MinInterval, s.minInterval()))
	return min(lo, hi), hi
}

// saturationFloor is λ/W fetches a day for a feed that shows W items, 0
// when W is unknown and for a watched page: a page shows one version (W =
// 1), so its floor would ask a fetch per expected change, and a page that
// changes faster than the budget can follow would take it all without
// being kept fresh (Cho & Garcia-Molina's freshness result); its changes
// overwrite one another by nature, not by a window the fetches could beat.
func saturationFloor(s *Source) float64 {
	if s.Window <= 0 || s.Models == nil || s.Models.Page {
		return 0
	}
	return s.Models.RatePerDay() / float64(s.Window)
}

// fitFloors lowers the saturation part of the floors, by one factor for
// all sources, when the floors would exceed the budget: base floors (one
// fetch per MaxInterval) stay, and saturation is avoided budget permitting.
func fitFloors(base, lo []float64, total float64) {
	sumBase, sumExtra := 0.0, 0.0
	for i := range lo {
		sumBase += base[i]
		sumExtra += lo[i] - base[i]
	}
	if sumBase+sumExtra <= total || sumExtra <= 0 {
		return
	}
	f := max(0, total-sumBase) / sumExtra
	for i := range lo {
		lo[i] = base[i] + (lo[i]-base[i])*f
	}
}

// sqrtShares splits total fetches per day among sources in proportion to
// sqrt(c_i) (Sia & Cho, Theorem 1: m_i = k·sqrt(w_i·λ_i)), each clamped to
// [lo_i, hi_i], with k found by bisection so that the shares sum to total.
// A source with c_i = 0 gets its floor. When the floors alone exceed the
// total, every source gets its floor: the caller's hard budget then decides.
func sqrtShares(c, lo, hi []float64, total float64) []float64 {
	out := make([]float64, len(c))
	sum := func(k float64) float64 {
		s := 0.0
		for i := range c {
			out[i] = min(max(k*math.Sqrt(c[i]), lo[i]), hi[i])
			s += out[i]
		}
		return s
	}
	if sum(0) >= total {
		return out
	}
	kLo, kHi := 0.0, 1.0
	for sum(kHi) < total && kHi < 1e300 {
		kHi *= 2
	}
	for range 200 {
		mid := (kLo + kHi) / 2
		if sum(mid) < total {
			kLo = mid
		} else {
			kHi = mid
		}
		if kHi-kLo <= 1e-12*kHi {
			break
		}
	}
	sum(kHi)
	return out
}

// mix64 scrambles x (SplitMix64's finaliser), to stagger sources by ID.
func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
