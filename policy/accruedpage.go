package policy

import (
	"math"
	"time"

	"vigil/plan"
)

// A watched page (Models.Page) shows only its latest version: a change
// that another overwrites before a fetch is never seen, and a fetch tells
// only whether the page changed. Two objectives are offered for pages.
//
// accrued (the default) counts each change's delay until a fetch finds the
// page changed, as it counts a feed item's: a page is a feed that posts a
// change, planned by the same rule and θ, without the saturation floor
// (see saturationFloor). On the synthetic page trace this keeps pages as
// fresh as the freshness rule below and their age lower (docs/science.md, *Pages in
// the simulator*).
//
// accrued-freshness plans pages for freshness, the objective of Cho &
// Garcia-Molina (CGM03): while a page is stale one change is pending,
// however many it has had. A feed fetched every I hours has λI/2 items
// pending on average, and the rule's marginal condition w·λI²/2 = θ is the
// Lagrange condition of Σ w_i·(pending items) under the budget (Sia & Cho,
// Theorem 1). A page changing at rate λ has 1 − F(λ, 1/I) changes pending
// on average, F being CGM03's freshness, and the Lagrange condition of the
// same sum is
//
//	w·(1 − (1 + λI)e^{−λI})/λ = θ,
//
// CGM03's freshness optimum with multiplier θ (plan.CGMFreshnessInterval),
// in the same unit (pending changes × hours) as the feeds' delay, so one θ
// weighs both. For a page that rarely changes between fetches (λI ≪ 1) it
// is the feed's w·λI²/2 = θ again; a page with w/λ ≤ θ is never worth a
// fetch beyond its floor, CGM03's result that keeping the fastest pages
// fresh costs more than it brings. A page's daily pattern is not used: its
// rate is the level from change-only observations (see SetChangeRate).

// PageVariant tells whether the named policy differs from another only in
// how it plans watched pages (accrued-freshness from accrued), so that a
// report over feeds need not run it.
func PageVariant(name string) bool { return name == "accrued-freshness" }

// isPage tells whether the source is a watched page.
func isPage(s *Source) bool { return s.Models != nil && s.Models.Page }

// pageGap returns the hours between fetches of page s under θ, +Inf when
// the page is not worth a fetch.
func pageGap(s *Source, theta float64) float64 {
	return plan.CGMFreshnessInterval(s.Models.RatePerDay()/24, weightOf(s), theta)
}

// hasPage tells whether any source is a watched page.
func hasPage(srcs []*Source) bool {
	for _, s := range srcs {
		if isPage(s) {
			return true
		}
	}
	return false
}

// mixedShares returns the fetches per day of every source under θ, each
// within [lo_i, hi_i]: sums[i]/sqrt(2θ) for a feed (see Plan), 24/gap for a
// page.
func mixedShares(srcs []*Source, sums, lo, hi []float64, theta float64, out []float64) float64 {
	c := 1 / math.Sqrt(2*theta)
	total := 0.0
	for i, s := range srcs {
		share := c * sums[i]
		if isPage(s) {
			share = 24 / pageGap(s, theta)
		}
		out[i] = min(max(share, lo[i]), hi[i])
		total += out[i]
	}
	return total
}

// calibrateMixed returns the θ whose shares of feeds and pages spend
// perDay fetches a day (the spend falls as θ grows), found by bisection on
// log θ, and the shares; +Inf with every source at its floor when the
// floors alone spend the budget.
func calibrateMixed(srcs []*Source, sums, lo, hi []float64, perDay float64) (float64, []float64) {
	shares := make([]float64, len(srcs))
	floors := 0.0
	for _, v := range lo {
		floors += v
	}
	if floors >= perDay {
		copy(shares, lo)
		return math.Inf(1), shares
	}
	tLo, tHi := 1.0, 1.0
	for mixedShares(srcs, sums, lo, hi, tHi, shares) > perDay && tHi < 1e300 {
		tHi *= 4
	}
	for mixedShares(srcs, sums, lo, hi, tLo, shares) <= perDay && tLo > 1e-300 {
		tLo /= 4
	}
	for range 200 {
		mid := math.Sqrt(tLo * tHi)
		if mixedShares(srcs, sums, lo, hi, mid, shares) > perDay {
			tLo = mid
		} else {
			tHi = mid
		}
		if tHi <= tLo*(1+1e-12) {
			break
		}
	}
	mixedShares(srcs, sums, lo, hi, tHi, shares)
	return tHi, shares
}

// pageNext returns how long after its last fetch page s is due under θ,
// at most longest.
func pageNext(s *Source, theta float64, longest time.Duration) time.Duration {
	g := pageGap(s, theta)
	if !(g*float64(time.Hour) < float64(longest)) {
		return longest
	}
	return hoursToDuration(g)
}
