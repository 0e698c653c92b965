package trace

import (
	"math"
	"math/rand/v2"
)

// The posting-count law of seed 001 (footnote 4, FORMULAS.md §8): the number
// of feeds with x postings in three months is about 376·x^−0.78.
const (
	lawScale    = 376.0
	lawExponent = 0.78
	lawDays     = 90.0 // "three months"
)

// lawMax is the cutoff of the law: the x where 376·x^−0.78 falls to one
// feed, about 1,997 postings in 90 days (22 a day). Beyond it the law
// predicts less than one feed per value of x, and since its exponent is
// below 1 it cannot be normalised without an upper bound.
var lawMax = math.Pow(lawScale, 1/lawExponent)

// lawMin is the smallest count drawn: one posting in 90 days.
const lawMin = 1.0

// drawCount draws a source's expected number of postings in 90 days from
// the density p(x) ∝ x^−0.78 on [lawMin, lawMax], by inverting its CDF
// F(x) = (x^a − lawMin^a)/(lawMax^a − lawMin^a) with a = 1 − 0.78.
func drawCount(rng *rand.Rand) float64 {
	a := 1 - lawExponent
	lo, hi := math.Pow(lawMin, a), math.Pow(lawMax, a)
	return math.Pow(lo+rng.Float64()*(hi-lo), 1/a)
}

// poisson draws a Poisson count of the given mean by counting the arrivals
// of a unit-rate Poisson process in [0, mean); exact, in O(mean) steps.
func poisson(rng *rand.Rand, mean float64) int {
	n := 0
	for s := rng.ExpFloat64(); s < mean; s += rng.ExpFloat64() {
		n++
	}
	return n
}
