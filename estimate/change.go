package estimate

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// ChangeRateRegular returns the change rate, per hour, of a page fetched n
// times at a regular interval that showed a change X times, by the improved
// Poisson estimator of Cho & Garcia-Molina ("Estimating frequency of
// change", cited as [6] by Sia & Cho and by Horincar et al.):
//
//	r = −ln((n − X + 0.5) / (n + 0.5)) / I.
//
// Unlike the naive X/(n·I) it does not saturate when most fetches see a
// change, and unlike the plain maximum likelihood −ln(1 − X/n)/I it stays
// finite when every fetch does (X = n gives ln(2n + 1)/I).
func ChangeRateRegular(n, changed int, interval time.Duration) (float64, error) {
	switch {
	case n < 1:
		return 0, fmt.Errorf("estimate: change rate needs at least one fetch, got %d", n)
	case changed < 0 || changed > n:
		return 0, fmt.Errorf("estimate: changes seen must be in [0, %d], got %d", n, changed)
	case interval <= 0:
		return 0, fmt.Errorf("estimate: fetch interval must be positive, got %v", interval)
	}
	x, m := float64(changed), float64(n)
	return -math.Log((m-x+0.5)/(m+0.5)) / interval.Hours(), nil
}

// ChangeCheck is one fetch of a page that only tells whether the page
// changed since the previous fetch, Interval earlier.
type ChangeCheck struct {
	Interval time.Duration
	Changed  bool
}

// ChangeRate is an estimated change rate. Unbounded is set when every
// check saw a change: the likelihood then grows without bound with the
// rate, the data only say the rate is high compared with 1/interval, and
// Rate holds a finite stand-in (the improved estimator ln(2n + 1)/Ī at the
// mean interval Ī), not an estimate.
type ChangeRate struct {
	Rate      float64 // changes per hour
	Unbounded bool
}

// ChangeRateIrregular returns the maximum-likelihood change rate, per hour,
// of a page checked at irregular intervals τ_k with change flags c_k (Cho &
// Garcia-Molina, irregular access): the root r of
//
//	Σ_{c_k=1} τ_k / (e^{r·τ_k} − 1) = Σ_{c_k=0} τ_k,
//
// found by bisection. The left side falls from +∞ to 0 as r grows and is
// at most (changes)/r, so the root lies in (0, changes / Σ_{c_k=0} τ_k].
// With no change seen the rate is 0; with every check changed the result is
// Unbounded.
func ChangeRateIrregular(checks []ChangeCheck) (ChangeRate, error) {
	if len(checks) == 0 {
		return ChangeRate{}, errors.New("estimate: change rate needs at least one check")
	}
	changes, quiet, total := 0, 0.0, 0.0
	for i, c := range checks {
		if c.Interval <= 0 {
			return ChangeRate{}, fmt.Errorf("estimate: interval of check %d must be positive, got %v", i, c.Interval)
		}
		total += c.Interval.Hours()
		if c.Changed {
			changes++
		} else {
			quiet += c.Interval.Hours()
		}
	}
	switch {
	case changes == 0:
		return ChangeRate{}, nil
	case quiet == 0:
		n := float64(len(checks))
		return ChangeRate{Rate: math.Log(2*n+1) / (total / n), Unbounded: true}, nil
	}
	return ChangeRate{Rate: bisectChangeRate(checks, float64(changes)/quiet, quiet)}, nil
}

// bisectChangeRate finds the root of the likelihood equation in (0, hi].
func bisectChangeRate(checks []ChangeCheck, hi, quiet float64) float64 {
	lo := 0.0
	for range 200 {
		mid := (lo + hi) / 2
		if mid <= lo || mid >= hi {
			break
		}
		if changedMass(checks, mid) > quiet {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// changedMass returns Σ_{c_k=1} τ_k / (e^{r·τ_k} − 1).
func changedMass(checks []ChangeCheck, r float64) float64 {
	sum := 0.0
	for _, c := range checks {
		if c.Changed {
			tau := c.Interval.Hours()
			sum += tau / math.Expm1(r*tau)
		}
	}
	return sum
}
