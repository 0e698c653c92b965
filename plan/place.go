package plan

import (
	"fmt"
	"math"
	"slices"
)

// Schedule is a placement of fetches on a Pattern's period.
type Schedule struct {
	Slots []int   // fetch boundaries in [0, n), ascending (see Pattern)
	Cost  float64 // expected cost per period, in the Pattern's unit
}

// Place returns the m fetches per period (1 ≤ m ≤ n, at distinct slot
// boundaries) of least expected cost, exactly on the Pattern's
// discretisation. For a delay pattern this is the schedule of Sia & Cho,
// Theorems 2-3 (one fetch: right after a busy stretch; m fetches:
// λ(τ_j)(τ_{j+1} − τ_j) = ∫_{τ_{j−1}}^{τ_j} λ), for a miss pattern that of
// Sia, Cho et al., Theorems 1-2; the optimum meets those conditions up to
// the slot resolution. Instead of the papers' search over the first two
// fetches it uses an exact dynamic programme described on placer. Among
// equally good schedules the choice is deterministic.
func (p *Pattern) Place(m int) (Schedule, error) {
	if m < 1 || m > p.n {
		return Schedule{}, fmt.Errorf("plan: %d fetches per period on %d slots, want 1 to %d", m, p.n, p.n)
	}
	pl := newPlacer(p, m)
	y := pl.solve(0, nil, nil)
	up := pl.solve(y[1], y, nil)
	pl.between(0, y[1], y, up)
	return pl.schedule(), nil
}

// placer holds the working state of one Place call.
//
// Method. Unroll the circle onto positions 0..2n. The schedules containing
// boundary s are the paths s = x_0 < x_1 < … < x_m = s+n, of cost
// Σ_j gap(x_{j−1}, x_j), so for a fixed start the best schedule is a
// layered shortest path. gap satisfies the Monge (quadrangle) inequality
//
//	gap(a, b) + gap(a', b') ≤ gap(a, b') + gap(a', b)   for a ≤ a' < b ≤ b',
//
// because gap(a, b') − gap(a, b) = mix[b'] − mix[b] − lam[a]·(acc[b'] − acc[b])
// can only fall as a grows (lam is nondecreasing, acc too). Consequences:
//
//  1. Layer j is min_k (F[k] − mix[k] + lam[k]·acc[k]) − lam[k]·acc[x] + mix[x],
//     a lower envelope of lines whose slopes −lam[k] fall as k grows, queried
//     at acc[x], which grows with x: a monotone hull sweep (envelope.go) does
//     each layer in time linear in its width.
//  2. Exchange: for two m-link paths A and B, the componentwise min and max
//     are m-link paths and cost(min) + cost(max) ≤ cost(A) + cost(B) (links
//     where A and B cross are swapped by the Monge inequality, the others
//     are unchanged). So if A is optimal from start a and B from b ≥ a,
//     max(A, B) is optimal from b: the optimum for a start between two
//     solved starts lies between their paths, layer by layer.
//  3. Let Y = (0, y_1, …, n) be an optimal path from 0. Some optimal cycle
//     has a point in (0, y_1]: take an optimal cycle C, its last point
//     c ≤ 0 and its path B from c; min(B, Y) is a cycle through c of cost
//     at most cost(B) (by 2, as max(B, Y) costs at least cost(Y)), and its
//     point after c is min(b_1, y_1) ∈ (0, y_1].
//
// Place therefore solves start 0, then start y_1 bounded below by Y, then
// every start in between by divide and conquer, each bounded by the paths
// of its neighbours; the cheapest path found is the optimal schedule. The
// work is O(m·n·log n) at worst and close to O(m·n·log(n/m)) on smooth
// patterns. Tests compare it with brute force on small grids.
type placer struct {
	p      *Pattern
	m      int
	f, g   []float64 // previous and current layer by unrolled position
	icpt   []float64 // line intercepts by unrolled position
	arg    []int32   // argmin of each layer, layer j at offs[j]
	offs   []int
	lo, hi []int // layer bounds of the current solve
	hull   []int32
	best   []int
	cost   float64
}

func newPlacer(p *Pattern, m int) *placer {
	w := 2*p.n + 1
	return &placer{
		p:    p,
		m:    m,
		f:    make([]float64, w),
		g:    make([]float64, w),
		icpt: make([]float64, w),
		arg:  make([]int32, m*(p.n-m+1)),
		offs: make([]int, m+1),
		lo:   make([]int, m+1),
		hi:   make([]int, m+1),
		hull: make([]int32, 0, p.n+1),
		cost: math.Inf(1),
	}
}

// solve returns an optimal path from start s, searched between paths a
// and c (either may be nil for no bound), and keeps it if it is the
// cheapest so far.
func (pl *placer) solve(s int, a, c []int) []int {
	pl.bound(s, a, c)
	pl.f[s] = 0
	off := 0
	for j := 1; j <= pl.m; j++ {
		w := pl.hi[j] - pl.lo[j] + 1
		pl.offs[j] = off
		pl.layer(pl.lo[j-1], pl.hi[j-1], pl.lo[j], pl.hi[j], pl.arg[off:off+w])
		off += w
		pl.f, pl.g = pl.g, pl.f
	}
	end := s + pl.p.n
	path := make([]int, pl.m+1)
	path[pl.m] = end
	for j := pl.m; j >= 1; j-- {
		path[j-1] = int(pl.arg[pl.offs[j]+path[j]-pl.lo[j]])
	}
	if cost := pl.f[end]; cost < pl.cost {
		pl.cost, pl.best = cost, path
	}
	return path
}

// bound sets the layer ranges of a path from s: strictly increasing
// positions that leave room for the remaining links, within a and c.
func (pl *placer) bound(s int, a, c []int) {
	n, m := pl.p.n, pl.m
	for j := 0; j <= m; j++ {
		pl.lo[j], pl.hi[j] = s+j, s+n-m+j
		if a != nil {
			pl.lo[j] = max(pl.lo[j], a[j])
		}
		if c != nil {
			pl.hi[j] = min(pl.hi[j], c[j])
		}
	}
	pl.lo[0], pl.hi[0] = s, s
	pl.lo[m], pl.hi[m] = s+n, s+n
}

// between solves every start strictly between sl and sr, whose optimal
// paths a and c bound theirs.
func (pl *placer) between(sl, sr int, a, c []int) {
	if sr-sl < 2 {
		return
	}
	s := sl + (sr-sl)/2
	b := pl.solve(s, a, c)
	pl.between(sl, s, a, b)
	pl.between(s, sr, b, c)
}

// schedule returns the cheapest path found as a Schedule.
func (pl *placer) schedule() Schedule {
	slots := make([]int, pl.m)
	for j := range slots {
		slots[j] = pl.best[j] % pl.p.n
	}
	slices.Sort(slots)
	return Schedule{Slots: slots, Cost: pl.cost}
}
