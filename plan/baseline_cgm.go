package plan

import (
	"fmt"
	"math"
)

// Cho & Garcia-Molina, "Effective page refresh policies for Web crawlers"
// (ACM TODS 28(4), 2003; CGM03 below), study a crawler that refreshes page
// i, whose changes arrive as a Poisson process of rate λ_i, at fixed
// intervals 1/f_i. Writing x = λ/f for the expected changes per interval,
// the time-averaged metrics over one interval I = 1/f are
//
//	freshness F(λ, f) = (1/I)∫_0^I e^{−λt} dt = (f/λ)(1 − e^{−λ/f}) = (1 − e^{−x})/x
//	age       A(λ, f) = (1/I)∫_0^I (t − (1 − e^{−λt})/λ) dt
//	                  = 1/(2f) − 1/λ + (f/λ²)(1 − e^{−λ/f})
//
// (the expected age t − (1 − e^{−λt})/λ at time t after a refresh is
// ∫_0^t (t − s)·λe^{−λs} ds). CGM03 state these for its fixed-order policy
// and allocate a shared refresh budget f = Σ f_i by Lagrange multipliers;
// the forms above are derived here from those definitions, and the tests
// check them against numerical integration.

// CGMMeanFreshness returns F(rate, freq) = (freq/rate)(1 − e^{−rate/freq}),
// the time-averaged probability that a page changing at rate rate and
// refreshed every 1/freq is up to date. A page that never changes is
// always fresh (1); a page that changes but is never refreshed is, in the
// long run, never fresh (0).
func CGMMeanFreshness(rate, freq float64) float64 {
	switch {
	case rate <= 0:
		return 1
	case freq <= 0:
		return 0
	}
	x := rate / freq
	return -math.Expm1(-x) / x
}

// CGMMeanAge returns A(rate, freq) = 1/(2·freq) − 1/rate +
// (freq/rate²)(1 − e^{−rate/freq}), the time-averaged age (time since the
// first change not yet fetched) of a page changing at rate rate and
// refreshed every 1/freq, in the unit of 1/rate. A page that never changes
// has age 0; a page that changes but is never refreshed has infinite age.
func CGMMeanAge(rate, freq float64) float64 {
	switch {
	case rate <= 0:
		return 0
	case freq <= 0:
		return math.Inf(1)
	}
	x := rate / freq
	if x < cgmSeriesBelow {
		// x/2 − 1 + (1 − e^{−x})/x = Σ_{k≥2} (−x)^k/(k+1)!, summed
		// directly because the closed form cancels for small x.
		sum, term := 0.0, x*x/6
		for k := 2; math.Abs(term) > 1e-18*math.Abs(sum) || k < 4; k++ {
			sum += term
			term *= -x / float64(k+2)
		}
		return sum / rate
	}
	return (x/2 - 1 - math.Expm1(-x)/x) / rate
}

// CGMFreshness splits a refresh budget total (refreshes per unit time,
// shared by all sources) among sources whose changes arrive at rates[i]
// (per the same unit), to maximise Σ w_i·F(λ_i, f_i) subject to
// Σ f_i = total and f_i ≥ 0 (CGM03 §5, freshness). weights may be nil for
// w_i = 1 (CGM03's unweighted problem); vigil passes readers per source.
//
// At the optimum every source with f_i > 0 has the same marginal gain
// w_i·∂F/∂f_i = (w_i/λ_i)(1 − (1+x_i)e^{−x_i}) = μ, x_i = λ_i/f_i. The gain
// falls from w_i/λ_i (at f → 0⁺) to 0, so a source with w_i/λ_i ≤ μ gets
// nothing: the freshness-optimal policy starves the fastest-changing
// sources (CGM03's well-known result; Sia & Cho 2008, Table 2, report the
// delay this costs). Sources with rate or weight 0 get 0: refreshing them
// gains nothing. If no source can gain (all rates or weights 0, or total
// 0) every frequency is 0 and the budget is left unspent.
//
// The multiplier is found to a relative 1e-12 of the budget and the
// frequencies are then adjusted to sum to total up to rounding; the method
// and its tolerances are described at cgmSolver.solve.
func CGMFreshness(rates, weights []float64, total float64) ([]float64, error) {
	return cgmAllocate(rates, weights, total, cgmFreshnessGain)
}

// CGMAge splits a refresh budget total among sources with change rates
// rates[i] to minimise Σ w_i·A(λ_i, f_i) subject to Σ f_i = total and
// f_i ≥ 0 (CGM03 §5, age); weights may be nil for w_i = 1.
//
// At the optimum w_i·(−∂A/∂f_i) = (w_i/λ_i²)(x_i²/2 − 1 + (1+x_i)e^{−x_i})
// = μ for every source, x_i = λ_i/f_i. The gain grows without bound as
// f → 0⁺, so every source with rate and weight > 0 gets a share, and for
// equal weights the share grows with λ (as λ^{1/3} while the page changes
// less than about once per refresh, levelling off at sqrt(w/2μ) for fast
// pages). Sources with rate or weight 0 get 0; if none can gain, every
// frequency is 0.
func CGMAge(rates, weights []float64, total float64) ([]float64, error) {
	return cgmAllocate(rates, weights, total, cgmAgeGain)
}

// cgmAllocate checks the input and solves the allocation for gain.
func cgmAllocate(rates, weights []float64, total float64, gain cgmGain) ([]float64, error) {
	if err := cgmCheck(rates, weights, total); err != nil {
		return nil, err
	}
	freqs := make([]float64, len(rates))
	s := cgmSolver{rates: rates, weights: weights, total: total, gain: gain, x: freqs}
	s.solve()
	return freqs, nil
}

// cgmCheck rejects rates, weights and budgets that are negative or not
// finite, and weights that do not match the rates.
func cgmCheck(rates, weights []float64, total float64) error {
	if weights != nil && len(weights) != len(rates) {
		return fmt.Errorf("plan: %d weights for %d rates, want one weight per rate or none", len(weights), len(rates))
	}
	if !(total >= 0) || math.IsInf(total, 1) {
		return fmt.Errorf("plan: refresh budget %v, want a finite budget ≥ 0", total)
	}
	for i, r := range rates {
		if !(r >= 0) || math.IsInf(r, 1) {
			return fmt.Errorf("plan: change rate %d is %v, want a finite rate ≥ 0", i, r)
		}
	}
	for i, w := range weights {
		if !(w >= 0) || math.IsInf(w, 1) {
			return fmt.Errorf("plan: weight %d is %v, want a finite weight ≥ 0", i, w)
		}
	}
	return nil
}
