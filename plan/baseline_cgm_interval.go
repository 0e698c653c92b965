package plan

import "math"

// CGMFreshnessInterval returns the refresh interval at which a page
// changing at rate (a Poisson process, per unit of time) and weighted by
// weight has the marginal freshness gain mu per refresh: the interval I
// with weight·(1 − (1 + λI)e^{−λI})/λ = mu, CGM03's Lagrange condition
// w·∂F/∂f = μ written for I = 1/f (see CGMFreshness). It is the interval
// every page gets in the freshness-optimal allocation whose multiplier is
// mu, so a caller holding one multiplier for many sources can place each
// page without solving the whole allocation. The left side grows with I
// towards weight/λ, so a page with weight/λ ≤ mu is never worth a refresh
// and the interval is +Inf, as is that of a page that never changes or
// weighs nothing; mu ≤ 0 asks for refreshes without end (interval 0).
func CGMFreshnessInterval(rate, weight, mu float64) float64 {
	switch {
	case !(mu > 0):
		return 0
	case !(rate > 0) || !(weight > 0) || math.IsInf(rate, 1):
		return math.Inf(1)
	}
	c := mu * rate / weight
	if c >= cgmFreshnessGain.sup {
		return math.Inf(1)
	}
	x, _ := cgmFreshnessGain.invert(c, 0)
	return x / rate
}
