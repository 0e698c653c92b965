package plan

import "math"

// gain returns c/m − c/(m+1), the decrease of a source's delay term from
// its (m+1)-th fetch; +Inf for the first.
func gain(c float64, m int) float64 {
	return c / (float64(m) * float64(m+1))
}

// level returns how many fetches source i has when it takes every
// decrease ≥ theta, within its floor and ceiling. Above the budget it may
// return any value above the budget.
func (a *allocation) level(i int, theta float64) int {
	lo, hi, c := a.lo[i], min(a.hi[i], a.budget+1), a.c[i]
	if c == 0 || lo >= hi {
		return lo
	}
	// The largest m with m(m−1) ≤ c/θ, then corrected to the exact test.
	x := (1 + math.Sqrt(1+4*c/theta)) / 2
	if x >= float64(hi)+1 {
		return hi
	}
	m := int(x)
	for m < hi && gain(c, m) >= theta {
		m++
	}
	for m > 0 && gain(c, m-1) < theta {
		m--
	}
	return max(m, lo)
}

// count returns Σ level(i, theta), or budget+1 once it exceeds the budget.
func (a *allocation) count(theta float64) int {
	sum := 0
	for i := range a.c {
		sum += a.level(i, theta)
		if sum > a.budget {
			return a.budget + 1
		}
	}
	return sum
}

// threshold returns the least positive θ with count(θ) ≤ budget by
// bisection over float64 bit patterns, which order positive floats.
func (a *allocation) threshold() float64 {
	lo, hi := uint64(1), math.Float64bits(math.Inf(1))
	if a.count(math.Float64frombits(lo)) <= a.budget {
		return math.Float64frombits(lo)
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		k := a.count(math.Float64frombits(mid))
		if k > a.budget {
			lo = mid
			continue
		}
		hi = mid
		if k == a.budget {
			break
		}
	}
	return math.Float64frombits(hi)
}

// ties gives up to rest more fetches, one each in source order, to the
// sources whose next decrease equals the float just below theta (the only
// decreases between the chosen ones and the rest), and returns what is
// left.
func (a *allocation) ties(theta float64, rest int) int {
	if rest == 0 || theta == math.SmallestNonzeroFloat64 {
		return rest
	}
	below := math.Float64frombits(math.Float64bits(theta) - 1)
	for i := range a.m {
		if rest == 0 {
			break
		}
		if a.level(i, below) > a.m[i] {
			a.m[i]++
			rest--
		}
	}
	return rest
}

// spread gives rest more fetches to sources below their ceilings, raising
// the lowest counts first (ties in source order).
func (a *allocation) spread(rest int) {
	if rest <= 0 {
		return
	}
	top := 0
	for _, m := range a.m {
		top = max(top, m)
	}
	// The highest level L whose filling costs at most rest.
	lo, hi := 0, top+rest+1
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if a.fillCost(mid, rest) <= rest {
			lo = mid
		} else {
			hi = mid
		}
	}
	for i, m := range a.m {
		if m < lo {
			add := min(lo, a.hi[i]) - m
			a.m[i] += add
			rest -= add
		}
	}
	for i := range a.m {
		if rest > 0 && a.m[i] == lo && lo < a.hi[i] {
			a.m[i]++
			rest--
		}
	}
}

// fillCost returns the fetches needed to raise every count to level
// (within ceilings), or limit+1 once that exceeds limit.
func (a *allocation) fillCost(level, limit int) int {
	sum := 0
	for i, m := range a.m {
		if m < level {
			sum += min(level, a.hi[i]) - m
			if sum > limit {
				return limit + 1
			}
		}
	}
	return sum
}
