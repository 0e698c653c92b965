package sim

import (
	"fmt"
	"math"
	"sort"
)

// The clairvoyant bound knows every posting time in advance. For one source
// with postings x_1 ≤ … ≤ x_n, a fetch is best placed right at a posting
// time (moving a fetch earlier to the posting before it only lowers every
// delay it ends), and the postings between two fetches form a contiguous
// group whose cost is Σ (x_b − x_i) over the group, fetched at its last
// posting x_b. The optimal placement of m fetches is then an optimal split
// of the sorted postings into m groups, and f(m), its total delay, is a
// minimum-weight m-link path whose costs cost(a, b) = (b−a)·x_b − Σ x_i have
// the Monge property (x is sorted), so f is convex in m (Aggarwal, Schieber
// and Tokuyama 1994): each extra fetch saves no more than the one before.
//
// Hence the budget split across sources by greatest marginal gain (delay
// saved by one more fetch) is exact, and it is the same as a single price
// λ per fetch: each source minimises f_i(m) + λ·m and λ is the least price
// at which the sources ask no more than the budget (Lagrangian relaxation,
// exact for convex f_i). For a given λ each source is solved exactly in
// O(n) by dynamic programming over the posting times with the convex hull
// trick; λ is found by bisection over integers (delays are whole seconds,
// so every marginal gain is an integer). Sources whose marginal gain equals
// λ exactly can take the budget left over; they get it, in source order,
// when they are small enough for the exact O(m·n²) dynamic programme
// (exactLimit postings).
//
// The bound ignores the window: no posting is lost, which can only lower its
// delay and so keeps it a lower bound. It spends the budget of the whole
// evaluated period, PerDay × its length in days, without the daily cap, a
// relaxation that also keeps it a lower bound. It fetches only in the
// evaluated period, and its postings are measured without the window.

// exactLimit is the most postings a source may have for the exact
// O(m·n²) dynamic programme.
const exactLimit = 400

// clairvoyant fills the tracks' fetches with the bound's schedule.
func clairvoyant(cfg resolved, tracks []track) error {
	p := period{base: cfg.evalStart.Unix(), from: cfg.evalStart.Unix(), to: cfg.End.Unix()}
	budget := int64(math.Floor(cfg.perDay * float64(p.to-p.from) / 86400))
	srcs := make([]*seer, 0, len(tracks))
	for i := range tracks {
		s, err := newSeer(&tracks[i], p)
		if err != nil {
			return err
		}
		if s != nil {
			srcs = append(srcs, s)
		}
	}
	if int64(len(srcs)) > budget {
		srcs = mostDelayed(srcs, budget)
		for _, s := range srcs {
			s.solve(math.MaxInt64/4, true)
			s.schedule()
		}
		return nil
	}
	split(srcs, budget)
	return nil
}

// seer is one source as the clairvoyant sees it: the evaluated postings as
// seconds after the first of them, with prefix sums.
type seer struct {
	tr     *track
	first  int   // index in tr.posts of the first evaluated posting
	origin int64 // its time
	x      []int64
	sum    []int64 // sum[b] = x_0 + … + x_{b−1}
	keyMul int64   // n + 1: values are keyed as value·keyMul + groups
	hull   minHull
	parent []int32
}

func newSeer(tr *track, p period) (*seer, error) {
	first := sort.Search(len(tr.posts), func(i int) bool { return tr.posts[i] >= p.from })
	last := sort.Search(len(tr.posts), func(i int) bool { return tr.posts[i] >= p.to })
	n := last - first
	if n == 0 {
		return nil, nil
	}
	s := &seer{tr: tr, first: first, origin: tr.posts[first], x: make([]int64, n), sum: make([]int64, n+1), keyMul: int64(n) + 1}
	for i := range n {
		s.x[i] = tr.posts[first+i] - s.origin
		s.sum[i+1] = s.sum[i] + s.x[i]
	}
	span := float64(s.x[n-1]) + 1
	if float64(s.keyMul)*float64(s.keyMul)*span*8 > math.MaxInt64/4 {
		return nil, fmt.Errorf("sim: clairvoyant: a source with %d postings over %v s is too large", n, span)
	}
	return s, nil
}

// cost is the delay of postings a..b−1 fetched at x_{b−1}.
func (s *seer) cost(a, b int) int64 {
	return int64(b-a)*s.x[b-1] - (s.sum[b] - s.sum[a])
}

// oneFetch is f(1), the delay with a single fetch at the last posting.
func (s *seer) oneFetch() int64 { return s.cost(0, len(s.x)) }

// solve minimises total delay + λ·fetches exactly, preferring fewer fetches
// among equal values, and returns the number of fetches (and, with keep,
// records the groups for schedule).
func (s *seer) solve(lambda int64, keep bool) int {
	n, K := len(s.x), s.keyMul
	lambda = min(lambda, s.oneFetch()+1) // a higher price changes nothing
	if keep && len(s.parent) < n+1 {
		s.parent = make([]int32, n+1)
	}
	s.hull.reset()
	key := int64(0) // keyed F(0) = 0
	for b := 1; b <= n; b++ {
		s.hull.add(line{slope: -K * int64(b-1), icept: key + K*s.sum[b-1], a: int32(b - 1)})
		X := s.x[b-1]
		l := s.hull.best(X)
		key = l.at(X) + K*(int64(b)*X-s.sum[b]+lambda) + 1
		if keep {
			s.parent[b] = l.a
		}
	}
	return int(key % K)
}

// schedule writes the fetches recorded by the last solve with keep.
func (s *seer) schedule() {
	var ends []int
	for b := len(s.x); b > 0; b = int(s.parent[b]) {
		ends = append(ends, b-1)
	}
	s.tr.fetches = s.tr.fetches[:0]
	for i := len(ends) - 1; i >= 0; i-- {
		s.tr.fetches = append(s.tr.fetches, s.tr.posts[s.first+ends[i]])
	}
}

// mostDelayed keeps, when the budget cannot give every source a fetch, the
// budget sources that gain most from one.
func mostDelayed(srcs []*seer, budget int64) []*seer {
	sort.SliceStable(srcs, func(i, j int) bool { return srcs[i].oneFetch() > srcs[j].oneFetch() })
	return srcs[:max(budget, 0)]
}

// split finds the least price λ at which the sources ask no more than the
// budget, schedules each at it and hands the budget left to the sources
// indifferent at λ.
func split(srcs []*seer, budget int64) {
	demand := func(lambda int64) int64 {
		total := int64(0)
		for _, s := range srcs {
			total += int64(s.solve(lambda, false))
		}
		return total
	}
	lo, hi := int64(0), int64(1)
	for _, s := range srcs {
		hi = max(hi, s.oneFetch()+1)
	}
	if demand(0) <= budget {
		hi = 0
	}
	for lo < hi {
		mid := lo + (hi-lo)/2
		if demand(mid) <= budget {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	used := int64(0)
	counts := make([]int, len(srcs))
	for i, s := range srcs {
		counts[i] = s.solve(hi, true)
		s.schedule()
		used += int64(counts[i])
	}
	if hi > 0 {
		spendRest(srcs, counts, hi, budget-used)
	}
}

// spendRest gives the fetches left to sources that are indifferent at λ
// (one more fetch saves exactly λ), small enough for the exact programme.
func spendRest(srcs []*seer, counts []int, lambda, left int64) {
	for i, s := range srcs {
		if left <= 0 {
			return
		}
		if len(s.x) > exactLimit {
			continue
		}
		more := int64(s.solve(lambda-1, false) - counts[i])
		if more <= 0 {
			continue
		}
		m := counts[i] + int(min(more, left))
		_, ends := exactDelay(s.x, m)
		s.tr.fetches = s.tr.fetches[:0]
		for _, e := range ends {
			s.tr.fetches = append(s.tr.fetches, s.tr.posts[s.first+e])
		}
		left -= int64(m - counts[i])
	}
}

// exactDelay is the minimal total delay of m fetches (m ≤ len(x)) over the
// sorted postings x by the plain O(m·n²) dynamic programme, and the indices
// of the postings at which the fetches happen.
func exactDelay(x []int64, m int) (int64, []int) {
	n := len(x)
	m = min(m, n)
	sum := make([]int64, n+1)
	for i, v := range x {
		sum[i+1] = sum[i] + v
	}
	cost := func(a, b int) int64 { return int64(b-a)*x[b-1] - (sum[b] - sum[a]) }
	const inf = math.MaxInt64 / 2
	f := make([][]int64, m+1)
	arg := make([][]int, m+1)
	for k := range f {
		f[k], arg[k] = make([]int64, n+1), make([]int, n+1)
		for b := range f[k] {
			f[k][b] = inf
		}
	}
	f[0][0] = 0
	for k := 1; k <= m; k++ {
		for b := k; b <= n; b++ {
			for a := k - 1; a < b; a++ {
				if f[k-1][a] < inf {
					if v := f[k-1][a] + cost(a, b); v < f[k][b] {
						f[k][b], arg[k][b] = v, a
					}
				}
			}
		}
	}
	ends := make([]int, m)
	for k, b := m, n; k > 0; k-- {
		ends[k-1] = b - 1
		b = arg[k][b]
	}
	return f[m][n], ends
}
