package plan

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Source is what the allocation knows of one source.
type Source struct {
	Weight  float64 // importance w_i, e.g. its readers; ≥ 0
	Rate    float64 // expected postings per period λ_i; ≥ 0
	Floor   int     // fewest fetches per period, so a silent source is still learned
	Ceiling int     // most fetches per period (see TTLCeiling); 0 means no limit
	Window  int     // postings the feed shows (W), for AllocateTwoSteps; 0 means unknown
}

// Budget is the shared limit of an allocation.
type Budget struct {
	Fetches int // M, fetches per period over all sources
	// MaxGap caps the gap between two fetches of any source, as a fraction
	// of the period (0.25: six hours of a day), by raising every floor to
	// ⌈1/MaxGap⌉; the cap assumes evenly spaced fetches and yields to a
	// source's Ceiling. 0 means no cap. Sia & Cho, Table 1 shows why: the
	// square-root allocation alone raised the longest delay about sixfold.
	MaxGap float64
}

// Allocate splits b.Fetches among srcs to minimise the expected weighted
// delay per period D(A) = Σ_i w_i·λ_i·T / (2·m_i) (Sia & Cho, Theorem 1),
// over integers with Floor ≤ m_i ≤ Ceiling and Σ m_i = b.Fetches. The
// continuous optimum is m_i = k·sqrt(w_i·λ_i); the integer one is exact.
//
// Exactness. D is separable and each term is proportional to c/m with
// c = w·λ, convex in m: the decrease from m to m+1 fetches, c/(m(m+1)),
// falls as m grows (it is infinite from 0 to 1). Every allocation is the floors plus a prefix of
// each source's list of decreases, so the best one takes the M − Σ floors
// largest decreases over all lists, and because each list falls, those
// form prefixes. Allocate finds them without a heap: the number N(θ) of
// decreases ≥ θ is monotone, so a bisection over the bit patterns of θ
// (at most 64 rounds of O(n)) finds the least θ with N(θ) ≤ M; the
// decreases still missing all equal the next smaller float and are given
// in source order. The level m(m+1) ≈ c/θ this gives each source is
// Theorem 1's m ≈ k·sqrt(w·λ) with k = 1/sqrt(θ).
//
// Edge cases. A source with w·λ = 0 gets its floor. If the budget cannot
// give every source with w·λ > 0 at least one fetch, those with the
// largest w·λ get one. Budget left when every source with w·λ > 0 is at its
// ceiling is spread evenly over the others (lowest counts first); if every
// source is at its ceiling, the rest of the budget is left unspent. Floors
// summing to more than the budget are an error.
func Allocate(srcs []Source, b Budget) ([]int, error) {
	a, err := newAllocation(srcs, b)
	if err != nil {
		return nil, err
	}
	a.fill()
	return a.m, nil
}

// allocation is the working state of Allocate.
type allocation struct {
	c      []float64 // w_i·λ_i
	lo, hi []int     // effective floor and ceiling
	m      []int
	budget int
}

// newAllocation validates the inputs and sets each source's effective
// floor and ceiling.
func newAllocation(srcs []Source, b Budget) (*allocation, error) {
	gapFloor, err := checkBudget(b)
	if err != nil {
		return nil, err
	}
	a := &allocation{
		c:      make([]float64, len(srcs)),
		lo:     make([]int, len(srcs)),
		hi:     make([]int, len(srcs)),
		budget: b.Fetches,
	}
	for i, s := range srcs {
		if err := checkSource(i, s); err != nil {
			return nil, err
		}
		a.c[i] = s.Weight * s.Rate
		a.hi[i] = math.MaxInt
		if s.Ceiling > 0 {
			a.hi[i] = s.Ceiling
		}
		a.lo[i] = min(max(s.Floor, gapFloor), a.hi[i])
	}
	return a, a.checkFloors()
}

// checkBudget validates b and returns the floor its gap cap implies.
func checkBudget(b Budget) (int, error) {
	if b.Fetches < 0 {
		return 0, fmt.Errorf("plan: budget of %d fetches, want ≥ 0", b.Fetches)
	}
	if b.MaxGap < 0 || math.IsNaN(b.MaxGap) || math.IsInf(b.MaxGap, 0) {
		return 0, fmt.Errorf("plan: longest gap %v, want a finite fraction of the period ≥ 0", b.MaxGap)
	}
	if b.MaxGap == 0 {
		return 0, nil
	}
	g := math.Ceil(min(1/b.MaxGap, math.MaxInt32))
	if (g-1)*b.MaxGap >= 1 { // 1/MaxGap rounded up past an integer
		g--
	}
	return int(g), nil
}

// checkSource validates source i.
func checkSource(i int, s Source) error {
	for _, v := range []struct {
		name string
		x    float64
	}{{"weight", s.Weight}, {"rate", s.Rate}} {
		if v.x < 0 || math.IsNaN(v.x) || math.IsInf(v.x, 0) {
			return fmt.Errorf("plan: source %d: %s %v, want a finite value ≥ 0", i, v.name, v.x)
		}
	}
	switch {
	case s.Floor < 0 || s.Ceiling < 0 || s.Window < 0:
		return fmt.Errorf("plan: source %d: floor %d, ceiling %d, window %d, want values ≥ 0", i, s.Floor, s.Ceiling, s.Window)
	case s.Ceiling > 0 && s.Floor > s.Ceiling:
		return fmt.Errorf("plan: source %d: floor %d above ceiling %d", i, s.Floor, s.Ceiling)
	}
	return nil
}

// checkFloors reports floors that the budget cannot pay for.
func (a *allocation) checkFloors() error {
	sum := 0
	for _, f := range a.lo {
		sum += f
	}
	if sum > a.budget {
		return fmt.Errorf("plan: floors (with the gap cap) need %d fetches, more than the budget of %d", sum, a.budget)
	}
	return nil
}

// fill sets a.m to the optimal allocation.
func (a *allocation) fill() {
	a.m = slices.Clone(a.lo)
	if a.starve() {
		return
	}
	theta := a.threshold()
	spent := 0
	for i := range a.m {
		a.m[i] = a.level(i, theta)
		spent += a.m[i]
	}
	rest := a.ties(theta, a.budget-spent)
	a.spread(rest)
}

// starve handles a budget too small to give one fetch to every source with
// w·λ > 0 beyond the floors: the largest w·λ get one. It reports whether
// it did so.
func (a *allocation) starve() bool {
	free := a.budget
	var need []int
	for i, f := range a.lo {
		free -= f
		if f == 0 && a.c[i] > 0 {
			need = append(need, i)
		}
	}
	if len(need) <= free {
		return false
	}
	slices.SortStableFunc(need, func(i, j int) int { return cmp.Compare(a.c[j], a.c[i]) })
	for _, i := range need[:free] {
		a.m[i] = 1
	}
	return true
}

// ExpectedDelay returns D(A) = Σ_i w_i·λ_i / (2·m_i) for the counts m,
// the expected weighted delay per period in posting·periods (Sia & Cho,
// Theorem 1; multiply by the period length T for time units). It is +Inf
// if a source with w·λ > 0 has no fetch.
func ExpectedDelay(srcs []Source, m []int) (float64, error) {
	if len(m) != len(srcs) {
		return 0, fmt.Errorf("plan: %d counts for %d sources", len(m), len(srcs))
	}
	d := 0.0
	for i, s := range srcs {
		c := s.Weight * s.Rate
		switch {
		case c == 0:
		case m[i] <= 0:
			return math.Inf(1), nil
		default:
			d += c / (2 * float64(m[i]))
		}
	}
	return d, nil
}

// TTLCeiling returns the most fetches per period that a server's minimum
// interval (an RSS ttl, Cache-Control max-age) allows: ⌊period/ttl⌋, in
// any one time unit, and at least 1, since Constrain delays each fetch
// anyway. A ttl ≤ 0 gives 0, no limit.
func TTLCeiling(period, ttl float64) int {
	if !(ttl > 0) || !(period > 0) {
		return 0
	}
	return max(1, int(period/ttl))
}
