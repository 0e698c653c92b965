package policy

import (
	"container/heap"
	"math"
)

// placedShares splits the budget among srcs to minimise the readers'
// expected misses with each source's fetches where placement pl puts
// them: vigil's choice, not the papers'. It returns each source's share
// of fetches a day, whole for a source fetched daily (m ≥ 1), and below 1
// for one fetched every 1/share days.
//
// Sia & Cho's Theorem 1 (fetches ∝ sqrt(w_i·λ_i), with w_i the readers'
// accesses u_i for Sia et al.'s misses) is the best split when every
// source's fetches are evenly spaced: each costs u_i·λ_i/(2m_i) a day.
// But the fetches are then placed (Sia et al., Theorems 1-2), and
// placement gains most for the first fetch of the day: one fetch put just
// before the hours the readers look can cost far less than half a day's
// postings per access, a second one adds less than the even-spacing cost
// says. So the split is made on the placed costs themselves:
//
//	source i at m ≥ 1 fetches a day:  a_i·g(m),
//	source i every p = 1/x days:      a_i·(g(1) + (p − 1)/2),
//
// a_i = u_i·λ_i (as countSqrt) and g(m) the placed cost of its placing
// unit (placement.unitCost: 1/(2m) for flat patterns, where this is
// Theorem 1 again). The second line is exact for daily patterns and a
// whole p: the fetch day costs g(1), and each later day whole days of
// postings (the mixed gaps of a fractional p cost a little more, by at
// most 1/(8p), left out). Each source takes fetches while their marginal
// gain per fetch is at least one threshold θ: below one a day x =
// sqrt(a_i/(2θ)), Theorem 1's own rule, and above it one more whole fetch
// while a_i·(g(m) − g(m+1)) ≥ θ; θ is found by bisection so that the
// shares come as near the budget as they can from below, and whole
// fetches still left go to the next gains in order (fill). The gains are
// clamped to be non-increasing (each at most the one before, the first at
// most 1/2, the gain of the last share below one a day), so that a
// threshold gives each source a run of its first fetches; where the
// placed costs are convex, as they were in every case tested, the rule
// is their exact optimum (TestPlacedSharesAreTheBestWholeCounts). The
// floors and ceilings are shareBySqrt's, a floor of a fetch a day or more
// taken whole as plan.Allocate's are.
func (p *scheduled) placedShares(srcs []*Source, pl *placement) ([]float64, error) {
	base, lo, hi := make([]float64, len(srcs)), make([]float64, len(srcs)), make([]float64, len(srcs))
	a := make([]float64, len(srcs))
	roots := 0.0
	for i, s := range srcs {
		base[i], hi[i] = p.cfg.baseBounds(s)
		lo[i], _ = p.cfg.bounds(s)
		a[i] = p.costWeight(s) * s.Models.RatePerDay()
		if a[i] > 0 && !math.IsInf(a[i], 0) {
			roots += math.Sqrt(a[i])
		}
	}
	fitFloors(base, lo, p.cfg.PerDay)
	sh := placedSplit{pl: pl, a: a, lo: lo, hi: hi, out: make([]float64, len(srcs))}
	return sh.solve(p.cfg.PerDay, roots)
}

// placedSplit is the working state of one placedShares.
type placedSplit struct {
	pl     *placement
	a      []float64
	lo, hi []float64
	out    []float64
	// gains are each unit's non-increasing marginal gains per fetch from
	// m to m+1 fetches a day, at index m−1, filled as asked for.
	gains [][]float64
}

// solve finds θ by bisection on its logarithm, starting from Theorem 1's
// θ for flat patterns, (Σ sqrt(a_i))²/(2·total²), and returns the shares
// of the largest total at most the budget (fill); when every source at
// its ceiling takes less, those.
func (sh *placedSplit) solve(total, roots float64) ([]float64, error) {
	sh.gains = make([][]float64, len(sh.pl.units))
	if roots == 0 {
		return sh.at(math.Inf(1))
	}
	if s, err := sh.sum(math.Inf(1)); err != nil || s >= total {
		return sh.out, err
	}
	if s, err := sh.sum(math.SmallestNonzeroFloat64); err != nil || s <= total {
		return sh.out, err
	}
	theta := max(roots*roots/(2*total*total), math.SmallestNonzeroFloat64)
	lo, hi := theta, theta // sum(lo) > total ≥ sum(hi)
	for {
		s, err := sh.sum(hi)
		if err != nil {
			return nil, err
		}
		if s <= total {
			break
		}
		lo, hi = hi, hi*2 // ends: the sum at +Inf is below the total
	}
	for {
		s, err := sh.sum(lo)
		if err != nil {
			return nil, err
		}
		if s > total {
			break
		}
		hi, lo = lo, lo/2 // ends: the sum at the least θ is above it
	}
	for range 100 {
		mid := math.Sqrt(lo * hi)
		if !(mid > lo && mid < hi) {
			break
		}
		s, err := sh.sum(mid)
		if err != nil {
			return nil, err
		}
		if s > total {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo <= 1e-12*hi {
			break
		}
	}
	s, err := sh.sum(hi)
	if err != nil {
		return nil, err
	}
	return sh.out, sh.fill(total-s, lo)
}

// fill gives left, the budget θ could not split (sources whose whole
// next fetches have equal gains all come in at one θ, and one source's
// clamped equal gains with them), to the next whole fetches whose gains
// are at least lo, the largest first and equal ones in source order,
// while a whole fetch is left: as plan.Allocate gives its last fetches.
func (sh *placedSplit) fill(left, lo float64) error {
	q := &fillQueue{}
	push := func(i int) error {
		x := sh.out[i]
		if x < 1 || int(x) >= max(1, int(sh.hi[i])) {
			return nil
		}
		g, err := sh.gain(sh.pl.unit[i], int(x))
		if err != nil {
			return err
		}
		if gain := sh.a[i] * g; gain >= lo {
			heap.Push(q, fillStep{i, gain})
		}
		return nil
	}
	if left < 1 {
		return nil
	}
	for i := range sh.out {
		if err := push(i); err != nil {
			return err
		}
	}
	for ; left >= 1 && q.Len() > 0; left-- {
		st := heap.Pop(q).(fillStep)
		sh.out[st.i]++
		if err := push(st.i); err != nil {
			return err
		}
	}
	return nil
}

// fillStep is one source's next whole fetch and its gain.
type fillStep struct {
	i    int
	gain float64
}

// fillQueue orders fillSteps by gain, largest first, then by source.
type fillQueue []fillStep

func (q fillQueue) Len() int { return len(q) }
func (q fillQueue) Less(a, b int) bool {
	if q[a].gain != q[b].gain {
		return q[a].gain > q[b].gain
	}
	return q[a].i < q[b].i
}
func (q fillQueue) Swap(a, b int) { q[a], q[b] = q[b], q[a] }

// Push adds a step (container/heap).
func (q *fillQueue) Push(x any) { *q = append(*q, x.(fillStep)) }

// Pop removes the last step (container/heap).
func (q *fillQueue) Pop() any {
	old := *q
	st := old[len(old)-1]
	*q = old[:len(old)-1]
	return st
}

// at fills out with the shares at θ and returns it.
func (sh *placedSplit) at(theta float64) ([]float64, error) {
	_, err := sh.sum(theta)
	return sh.out, err
}

// sum fills out with every source's share at θ and returns their total.
func (sh *placedSplit) sum(theta float64) (float64, error) {
	total := 0.0
	for i := range sh.a {
		x, err := sh.share(i, theta)
		if err != nil {
			return 0, err
		}
		sh.out[i] = x
		total += x
	}
	return total, nil
}

// share is source i's share at θ, within its bounds.
func (sh *placedSplit) share(i int, theta float64) (float64, error) {
	a, lo, hi := sh.a[i], sh.lo[i], sh.hi[i]
	ceiling := max(1, int(hi))
	if !(a > 0) || math.IsInf(theta, 1) {
		if floor := min(lo, hi); floor < 1 {
			return floor, nil
		}
		return float64(min(ceiling, max(1, int(lo)))), nil // whole, as the counts below
	}
	if x := math.Sqrt(a / (2 * theta)); x < 1 || hi < 1 {
		if x := min(max(x, lo), hi); x < 1 {
			return x, nil
		}
	}
	m := min(ceiling, max(1, int(lo)))
	u := sh.pl.unit[i]
	for m < ceiling {
		g, err := sh.gain(u, m)
		if err != nil {
			return 0, err
		}
		if a*g < theta {
			break
		}
		m++
	}
	return float64(m), nil
}

// gain is unit u's marginal gain from m to m+1 fetches a day, made
// non-increasing in m and at most 1/2 (see placedShares).
func (sh *placedSplit) gain(u, m int) (float64, error) {
	if u < 0 {
		return 1 / (2 * float64(m) * float64(m+1)), nil
	}
	for k := len(sh.gains[u]) + 1; k <= m; k++ {
		c0, err := sh.pl.unitCost(u, k)
		if err != nil {
			return 0, err
		}
		c1, err := sh.pl.unitCost(u, k+1)
		if err != nil {
			return 0, err
		}
		prev := 0.5
		if k > 1 {
			prev = sh.gains[u][k-2]
		}
		sh.gains[u] = append(sh.gains[u], max(0, min(c0-c1, prev)))
	}
	return sh.gains[u][m-1], nil
}
