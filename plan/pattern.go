package plan

import (
	"fmt"
	"math"
	"slices"
)

// Pattern is one source's periodic posting rate, and optionally its readers'
// access rate, over a circular period cut into n equal slots, prepared with
// prefix sums so that the expected penalty between any two fetches costs
// O(1). A Pattern is immutable and safe for concurrent use.
//
// Discretisation. Time is measured in slots (one slot = period/n). Slot s
// covers [s, s+1); the period wraps, so slot n is slot 0 of the next period.
// rates[s] is the expected number of postings in slot s and access[s] the
// expected number of reader accesses in it, each spread uniformly over the
// slot (a piecewise-constant rate). A fetch happens on a slot boundary:
// fetch position b in [0, n) is time b, the start of slot b. A posting of
// slot s is therefore collected by the first fetch at a boundary b ≥ s+1
// (cyclically), with expected delay b − s − 1/2.
//
// Costs. With access patterns (NewMissPattern) the cost is the expected
// number of postings readers miss per period (Sia, Cho et al., Lemma 1):
// over a gap (a, b], ∫_a^b u(t) (∫_a^t λ) dt. Without (NewDelayPattern) it
// is the expected total delay of a period's postings in posting·slots
// (Sia & Cho, Lemma 1: ∫_a^b λ(t) (b − t) dt); multiply by the slot length
// for posting·minutes. The delay is exactly the miss cost with one access
// per slot, which is why one algorithm places fetches for both.
type Pattern struct {
	n     int
	total float64   // postings per period
	lam   []float64 // lam[i] = postings in slots [0, i) of the doubled period
	acc   []float64 // acc[i] = accesses in slots [0, i)
	mix   []float64 // mix[i] = Σ_{s<i} access[s]·(lam[s] + rates[s]/2)
}

// NewDelayPattern prepares rates (expected postings per slot, at least one
// slot) for placing fetches that minimise the expected delay of postings
// (Sia & Cho, Theorems 2-3).
func NewDelayPattern(rates []float64) (*Pattern, error) {
	if err := checkSeries("rates", rates); err != nil {
		return nil, err
	}
	ones := make([]float64, len(rates))
	for i := range ones {
		ones[i] = 1
	}
	return newPattern(rates, ones), nil
}

// NewMissPattern prepares rates and access (expected reader accesses per
// slot, same length) for placing fetches that minimise the expected number
// of postings readers miss (Sia, Cho et al., Theorems 1-2). With a constant
// access rate c the miss cost is c times the delay cost, so both place
// fetches alike.
func NewMissPattern(rates, access []float64) (*Pattern, error) {
	if err := checkSeries("rates", rates); err != nil {
		return nil, err
	}
	if err := checkSeries("access", access); err != nil {
		return nil, err
	}
	if len(access) != len(rates) {
		return nil, fmt.Errorf("plan: access has %d slots, rates %d", len(access), len(rates))
	}
	return newPattern(rates, access), nil
}

// checkSeries rejects an empty series or one with a negative, NaN or
// infinite entry.
func checkSeries(name string, xs []float64) error {
	if len(xs) == 0 {
		return fmt.Errorf("plan: %s has no slots", name)
	}
	for i, x := range xs {
		if x < 0 || math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("plan: %s[%d] = %v, want a finite value ≥ 0", name, i, x)
		}
	}
	return nil
}

// newPattern builds the prefix sums over two periods, so that every gap
// starting in the first period is a plain difference.
func newPattern(rates, access []float64) *Pattern {
	n := len(rates)
	p := &Pattern{
		n:   n,
		lam: make([]float64, 2*n+1),
		acc: make([]float64, 2*n+1),
		mix: make([]float64, 2*n+1),
	}
	for i := range 2 * n {
		r, a := rates[i%n], access[i%n]
		p.lam[i+1] = p.lam[i] + r
		p.acc[i+1] = p.acc[i] + a
		p.mix[i+1] = p.mix[i] + a*(p.lam[i]+r/2)
	}
	p.total = p.lam[n]
	return p
}

// Slots returns n, the number of slots in the period.
func (p *Pattern) Slots() int { return p.n }

// Total returns the expected number of postings per period.
func (p *Pattern) Total() float64 { return p.total }

// Accesses returns the expected number of accesses per period (n for a
// delay pattern, whose cost counts one access a slot).
func (p *Pattern) Accesses() float64 { return p.acc[p.n] }

// gap returns the cost of the postings or accesses between fetches at
// unrolled positions a < b (0 ≤ a, b ≤ 2n):
// Σ_{a≤s<b} access[s]·(postings in [a, s) + rates[s]/2).
func (p *Pattern) gap(a, b int) float64 {
	return p.mix[b] - p.mix[a] - p.lam[a]*(p.acc[b]-p.acc[a])
}

// Cost returns the expected cost per period of fetching at the given slot
// boundaries (each in [0, n), distinct, in any order).
func (p *Pattern) Cost(slots []int) (float64, error) {
	s, err := p.sortedSlots(slots)
	if err != nil {
		return 0, err
	}
	c := p.gap(s[len(s)-1], s[0]+p.n)
	for j := 1; j < len(s); j++ {
		c += p.gap(s[j-1], s[j])
	}
	return c, nil
}

// sortedSlots validates slots and returns them sorted, as a new slice.
func (p *Pattern) sortedSlots(slots []int) ([]int, error) {
	if len(slots) == 0 {
		return nil, fmt.Errorf("plan: no fetch to cost")
	}
	s := slices.Clone(slots)
	slices.Sort(s)
	for j, v := range s {
		if v < 0 || v >= p.n {
			return nil, fmt.Errorf("plan: fetch slot %d outside [0, %d)", v, p.n)
		}
		if j > 0 && s[j-1] == v {
			return nil, fmt.Errorf("plan: fetch slot %d appears twice", v)
		}
	}
	return s, nil
}

// Expected returns the expected number of postings in the time span
// [from, to) in slot units; from ≤ to, any real values (the period
// repeats). It is 0 when to ≤ from.
func (p *Pattern) Expected(from, to float64) float64 {
	if !(to > from) {
		return 0
	}
	return p.cumulative(to) - p.cumulative(from)
}

// cumulative returns the expected postings in [0, t) for any real t,
// counting whole periods (negative before 0).
func (p *Pattern) cumulative(t float64) float64 {
	n := float64(p.n)
	k := math.Floor(t / n)
	r := t - k*n
	s := min(int(r), p.n-1)
	return k*p.total + p.lam[s] + (p.lam[s+1]-p.lam[s])*(r-float64(s))
}
