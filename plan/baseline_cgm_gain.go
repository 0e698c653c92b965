package plan

import "math"

// cgmSeriesBelow is the x below which the gains and the mean age are summed
// as power series: their closed forms cancel to a few digits as x → 0.
const cgmSeriesBelow = 0.5

// cgmGain is one CGM03 objective's marginal gain w·g(x)/λ^power per unit
// of refresh frequency, in terms of x = λ/f.
type cgmGain struct {
	// eval returns g(x), increasing from g(0) = 0, and its derivative.
	eval  func(x float64) (g, slope float64)
	sup   float64 // lim g(x) as x → ∞
	power float64 // exponent of λ in the gain
	// lead and div give g's leading term x^lead/div as x → 0, which yields
	// both the first guess of x and of the multiplier μ.
	lead, div float64
}

// cgmFreshnessGain is ∂F/∂f·λ = 1 − (1+x)e^{−x}, tending to 1 as f → 0⁺.
var cgmFreshnessGain = cgmGain{eval: cgmFreshnessMarginal, sup: 1, power: 1, lead: 2, div: 2}

// cgmAgeGain is −∂A/∂f·λ² = x²/2 − 1 + (1+x)e^{−x}, unbounded as f → 0⁺.
var cgmAgeGain = cgmGain{eval: cgmAgeMarginal, sup: math.Inf(1), power: 2, lead: 3, div: 3}

// cgmFreshnessMarginal returns g(x) = 1 − (1+x)e^{−x} = Σ_{k≥2} (−1)^k
// (k−1) x^k/k! and g′(x) = x·e^{−x}.
func cgmFreshnessMarginal(x float64) (g, slope float64) {
	e := math.Exp(-x)
	if x < cgmSeriesBelow {
		return cgmSeries(x, 2), x * e
	}
	return 1 - (1+x)*e, x * e
}

// cgmAgeMarginal returns h(x) = x²/2 − 1 + (1+x)e^{−x} = Σ_{k≥3}
// (−1)^{k+1} (k−1) x^k/k! and h′(x) = x·(1 − e^{−x}).
func cgmAgeMarginal(x float64) (h, slope float64) {
	if x < cgmSeriesBelow {
		return cgmSeries(x, 3), -x * math.Expm1(-x)
	}
	e := math.Exp(-x)
	return x*x/2 - 1 + (1+x)*e, x * (1 - e)
}

// cgmSeries returns Σ_{k≥from} ±(k−1)·x^k/k! with alternating signs, the
// first term positive.
func cgmSeries(x float64, from int) float64 {
	p, sign := 1.0, 1.0 // p is x^k/k!
	for k := 1; k <= from; k++ {
		p *= x / float64(k)
	}
	sum := 0.0
	for k := from; k < from+40; k++ {
		term := sign * float64(k-1) * p
		sum += term
		if math.Abs(term) <= 1e-17*math.Abs(sum) {
			break
		}
		p *= x / float64(k+1)
		sign = -sign
	}
	return sum
}

// invert returns the x > 0 with g(x) = c, for 0 < c < sup, and g′ there,
// starting from x0 if it is a positive number. It is Newton's method kept
// inside a bracket that every evaluation narrows (g is increasing), falling
// back to doubling or bisection when a step leaves the bracket. It stops after a
// step below a relative 1e-7 of x, whose successor Newton's quadratic
// convergence puts within about 1e-14 of the root, or when the bracket is
// below a relative 1e-13.
func (g cgmGain) invert(c, x0 float64) (x, slope float64) {
	x = x0
	if !(x > 0) || math.IsInf(x, 1) {
		x = g.guess(c)
	}
	lo, hi := 0.0, math.Inf(1)
	for range 200 {
		var v float64
		v, slope = g.eval(x)
		v -= c
		if v == 0 {
			return x, slope
		}
		if v < 0 {
			lo = x
		} else {
			hi = x
		}
		step := v / slope
		next := x - step
		if !(next > lo && next < hi) {
			if math.IsInf(hi, 1) {
				next = 2 * x
			} else {
				next = lo + (hi-lo)/2
			}
		} else if math.Abs(step) <= 1e-7*next {
			v, slope = g.eval(next)
			return next - (v-c)/slope, slope
		}
		if hi-lo <= 1e-13*lo {
			return next, slope
		}
		x = next
	}
	return x, slope
}

// guess returns a lower bound of the x with g(x) = c: both gains lie below
// their leading term x^lead/div, and for freshness (1+x)e^{−x} = 1 − c ≥
// e^{−x} also gives x ≥ −ln(1 − c), the better bound as c → 1.
func (g cgmGain) guess(c float64) float64 {
	x := math.Pow(g.div*c, 1/g.lead)
	if g.sup == 1 {
		x = max(x, -math.Log1p(-c))
	}
	return x
}
