package plan

import "math"

// cgmSolver finds the multiplier μ at which the sources' optimal
// frequencies spend the budget exactly.
type cgmSolver struct {
	rates, weights []float64
	total          float64
	gain           cgmGain
	// x holds x_i = λ_i/f_i at the μ last tried (+Inf for f_i = 0), which
	// scaled by (μ′/μ)^(1/lead), exact for small x, warm-starts the next
	// try at μ′; the last step turns it into the frequencies.
	x  []float64
	mu float64 // the μ last tried, 0 before the first
}

// weight returns w_i, 1 when no weights were given.
func (s *cgmSolver) weight(i int) float64 {
	if s.weights == nil {
		return 1
	}
	return s.weights[i]
}

// scale returns λ^power.
func (s *cgmSolver) scale(rate float64) float64 {
	if s.gain.power == 2 {
		return rate * rate
	}
	return rate
}

// spend returns S(μ) = Σ f_i(μ), each f_i solving w_i·g(λ_i/f_i)/λ_i^power
// = μ or 0 when even f → 0⁺ gains less than μ, and dS/d ln μ =
// −Σ (λ_i/x_i²)·c_i/g′(x_i), c_i = μλ_i^power/w_i.
func (s *cgmSolver) spend(mu float64) (sum, slope float64) {
	shift := 1.0
	if s.mu > 0 {
		shift = math.Pow(mu/s.mu, 1/s.gain.lead)
	}
	s.mu = mu
	for i, r := range s.rates {
		w := s.weight(i)
		c := mu * s.scale(r) / w
		if r == 0 || w == 0 || c >= s.gain.sup {
			s.x[i] = math.Inf(1)
			continue
		}
		x, dg := s.gain.invert(c, s.x[i]*shift)
		s.x[i] = x
		sum += r / x
		slope -= r / (x * x) * c / dg
	}
	return sum, slope
}

// solve sets s.x to the optimal frequencies.
//
// S(μ) = Σ f_i(μ) is continuous and decreasing in μ, and close to a power
// of μ, so the multiplier is found by Newton's method on ln S − ln total
// as a function of y = ln μ, from a first guess made with each gain's
// leading term. Every pass (an O(n) sweep of warm-started per-source
// solves) narrows a bracket [lo, hi] of y; a step that leaves the bracket,
// or fails to halve the one before it, is replaced by a bisection, or by a
// move of ln 16 while one end is still open. This stands in for plain
// bisection on μ: it takes a handful of passes instead of some fifty.
//
// It stops when S is within a relative 1e-12 of total, and the
// frequencies are scaled by total/S to spend the budget exactly.
// Otherwise it stops when the bracket is below 1e-15 relative in y: that
// happens when a source sits at its starvation threshold, where f_i falls
// to 0 only as 1/ln(1/(1 − c)) and, c = μλ/w being a double, jumps from
// about λ/40 to 0 within one step of μ. The allocations at both ends of
// the bracket are then blended to spend the budget exactly, which gives
// such a source the share between 0 and λ/40 the exact optimum would.
func (s *cgmSolver) solve() {
	if s.total == 0 || !s.anyGain() {
		clear(s.x)
		return
	}
	const open = 2.772588722239781 // ln 16
	y, lo, hi, last := math.Log(s.firstMu()), math.Inf(-1), math.Inf(1), math.Inf(1)
	spent, slope := 0.0, 0.0
	for range 500 {
		spent, slope = s.spend(math.Exp(y))
		f := math.Log(spent / s.total)
		if math.Abs(f) <= 1e-12 {
			s.scaleTo(spent)
			return
		}
		if f > 0 {
			lo = y
		} else {
			hi = y
		}
		if hi-lo <= 1e-15*max(1, math.Abs(lo), math.Abs(hi)) && !math.IsInf(hi-lo, 1) {
			break
		}
		step := f * spent / slope
		next := y - step
		switch {
		case next > lo && next < hi && math.Abs(step) <= last/2:
		case math.IsInf(lo, -1):
			next = hi - open
		case math.IsInf(hi, 1):
			next = lo + open
		default:
			next = lo + (hi-lo)/2
		}
		last = math.Abs(next - y)
		y = next
	}
	if math.IsInf(hi-lo, 1) {
		s.scaleTo(spent)
		return
	}
	s.blend(lo, hi)
}

// anyGain reports whether some source has a rate and a weight above 0.
func (s *cgmSolver) anyGain() bool {
	for i, r := range s.rates {
		if r > 0 && s.weight(i) > 0 {
			return true
		}
	}
	return false
}

// firstMu guesses μ from each gain's leading term x^lead/div, under which
// f_i = λ_i·(div·μ·λ_i^power/w_i)^(−1/lead) has a closed-form sum. For
// freshness it stays below the largest w_i/λ_i, above which all starve.
func (s *cgmSolver) firstMu() float64 {
	sum, top := 0.0, 0.0
	for i, r := range s.rates {
		w := s.weight(i)
		if r == 0 || w == 0 {
			continue
		}
		sum += r * math.Pow(s.gain.div*s.scale(r)/w, -1/s.gain.lead)
		top = max(top, w/s.scale(r))
	}
	mu := math.Pow(sum/s.total, s.gain.lead)
	if s.gain.sup == 1 {
		mu = min(mu, top/2)
	}
	return mu
}

// freq returns source i's frequency for the x last solved.
func (s *cgmSolver) freq(i int) float64 {
	if math.IsInf(s.x[i], 1) {
		return 0
	}
	return s.rates[i] / s.x[i]
}

// scaleTo turns s.x into frequencies scaled from spent to the budget.
func (s *cgmSolver) scaleTo(spent float64) {
	if spent == 0 {
		clear(s.x)
		return
	}
	k := s.total / spent
	for i := range s.x {
		s.x[i] = s.freq(i) * k
	}
}

// blend sets s.x to the mix of the allocations at μ = e^lo (spending at
// least the budget) and μ = e^hi (at most) that spends it exactly.
func (s *cgmSolver) blend(lo, hi float64) {
	spentLo, _ := s.spend(math.Exp(lo))
	atLo := make([]float64, len(s.x))
	for i := range atLo {
		atLo[i] = s.freq(i)
	}
	spentHi, _ := s.spend(math.Exp(hi))
	if !(spentLo > spentHi) {
		s.scaleTo(spentHi)
		return
	}
	t := (s.total - spentHi) / (spentLo - spentHi)
	for i, f := range atLo {
		s.x[i] = s.freq(i) + t*(f-s.freq(i))
	}
}
