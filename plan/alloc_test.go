package plan

import (
	"container/heap"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomSources returns n sources with some zero weights or rates, and
// random floors and ceilings when bounded.
func randomSources(rng *rand.Rand, n int, bounded bool) []Source {
	srcs := make([]Source, n)
	for i := range srcs {
		s := Source{Weight: float64(rng.IntN(4)), Rate: 5 * rng.Float64()}
		if rng.IntN(5) == 0 {
			s.Rate = 0
		}
		if bounded {
			s.Floor = rng.IntN(3)
			if rng.IntN(2) == 0 {
				s.Ceiling = s.Floor + rng.IntN(4)
				s.Ceiling = max(s.Ceiling, 1)
			}
		}
		srcs[i] = s
	}
	return srcs
}

// bruteAllocate enumerates every allocation within floors and ceilings
// that spends min(budget, Σ ceilings) and returns the least ExpectedDelay.
func bruteAllocate(srcs []Source, b Budget) float64 {
	a, err := newAllocation(srcs, b)
	if err != nil {
		return math.NaN()
	}
	spend := 0
	for _, h := range a.hi {
		spend += min(h, b.Fetches)
	}
	spend = min(spend, b.Fetches)
	best := math.Inf(1)
	m := make([]int, len(srcs))
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == len(srcs) {
			if left == 0 {
				d, _ := ExpectedDelay(srcs, m)
				best = min(best, d)
			}
			return
		}
		for k := a.lo[i]; k <= min(a.hi[i], a.lo[i]+left); k++ {
			m[i] = k
			rec(i+1, left-(k-a.lo[i]))
		}
	}
	floors := 0
	for _, f := range a.lo {
		floors += f
	}
	rec(0, spend-floors)
	return best
}

func TestAllocateMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	checked := 0
	for trial := range 3000 {
		srcs := randomSources(rng, 1+rng.IntN(4), trial%3 != 0)
		b := Budget{Fetches: rng.IntN(11)}
		if trial%7 == 0 {
			b.MaxGap = []float64{1, 0.5, 0.34}[rng.IntN(3)]
		}
		got, err := Allocate(srcs, b)
		want := bruteAllocate(srcs, b)
		if math.IsNaN(want) {
			if err == nil {
				t.Fatalf("trial %d: %+v budget %+v: no error for infeasible floors", trial, srcs, b)
			}
			continue
		}
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		d, _ := ExpectedDelay(srcs, got)
		if math.IsInf(want, 1) {
			continue // budget too small to feed every source: see TestAllocateStarved
		}
		checked++
		if !near(d, want, 1e-12) {
			t.Fatalf("trial %d: %+v budget %+v: got %v (delay %v), brute force %v", trial, srcs, b, got, d, want)
		}
		if sum(got) > b.Fetches {
			t.Fatalf("trial %d: spent %d of %d", trial, sum(got), b.Fetches)
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d trials compared", checked)
	}
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// greedyHeap is the textbook greedy: one fetch at a time to the largest
// decrease, ties to the lower index.
type greedyHeap struct {
	c []float64
	m []int
	q []int
}

func (h *greedyHeap) Len() int { return len(h.q) }
func (h *greedyHeap) Less(x, y int) bool {
	gx, gy := gain(h.c[h.q[x]], h.m[h.q[x]]), gain(h.c[h.q[y]], h.m[h.q[y]])
	if gx != gy {
		return gx > gy
	}
	return h.q[x] < h.q[y]
}
func (h *greedyHeap) Swap(x, y int) { h.q[x], h.q[y] = h.q[y], h.q[x] }
func (h *greedyHeap) Push(x any)    { h.q = append(h.q, x.(int)) }
func (h *greedyHeap) Pop() any {
	x := h.q[len(h.q)-1]
	h.q = h.q[:len(h.q)-1]
	return x
}

func TestAllocateMatchesHeapGreedy(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{50, 2000} {
		srcs := make([]Source, n)
		h := &greedyHeap{c: make([]float64, n), m: make([]int, n)}
		for i := range srcs {
			srcs[i] = Source{Weight: 1 + rng.Float64(), Rate: math.Exp(6 * rng.Float64()), Floor: 1}
			h.c[i], h.m[i] = srcs[i].Weight*srcs[i].Rate, 1
			h.q = append(h.q, i)
		}
		budget := 10 * n
		heap.Init(h)
		for range budget - n {
			i := h.q[0]
			h.m[i]++
			heap.Fix(h, 0)
		}
		got, err := Allocate(srcs, Budget{Fetches: budget})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, h.m) {
			t.Fatalf("n=%d: water-filling and heap greedy differ", n)
		}
	}
}

func TestAllocateSquareRootLaw(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	srcs := make([]Source, 500)
	root := 0.0
	for i := range srcs {
		srcs[i] = Source{Weight: 1 + float64(rng.IntN(9)), Rate: math.Exp(4 * rng.Float64())}
		root += math.Sqrt(srcs[i].Weight * srcs[i].Rate)
	}
	const budget = 20000
	got, err := Allocate(srcs, Budget{Fetches: budget})
	if err != nil {
		t.Fatal(err)
	}
	if sum(got) != budget {
		t.Fatalf("spent %d of %d", sum(got), budget)
	}
	k := budget / root
	for i, s := range srcs {
		if want := k * math.Sqrt(s.Weight*s.Rate); math.Abs(float64(got[i])-want) > 1 {
			t.Fatalf("source %d: %d fetches, Theorem 1 gives %.2f", i, got[i], want)
		}
	}
}

func TestAllocateEdgeCases(t *testing.T) {
	same := make([]Source, 1000)
	for i := range same {
		same[i] = Source{Weight: 1, Rate: 3}
	}
	silent := []Source{{Weight: 1, Rate: 0, Floor: 1}, {Weight: 0, Rate: 4}, {Weight: 2, Rate: 0, Floor: 2}}
	cases := []struct {
		name string
		srcs []Source
		b    Budget
		want func([]int) bool
	}{
		{"ties go in source order", same, Budget{Fetches: 2500}, func(m []int) bool {
			return sum(m) == 2500 && m[0] == 3 && m[499] == 3 && m[500] == 2 && m[999] == 2
		}},
		{"tied decreases win over silent sources", []Source{{Weight: 1, Rate: 6, Floor: 1}, {Weight: 1, Rate: 2, Floor: 1}, {Weight: 0, Rate: 1}}, Budget{Fetches: 4}, func(m []int) bool {
			return slices.Equal(m, []int{3, 1, 0})
		}},
		{"silent sources share the budget evenly", silent, Budget{Fetches: 9}, func(m []int) bool {
			return slices.Equal(m, []int{3, 3, 3})
		}},
		{"ceilings leave budget unspent", []Source{{Weight: 1, Rate: 1, Ceiling: 2}, {Weight: 1, Rate: 9, Ceiling: 3}}, Budget{Fetches: 10}, func(m []int) bool {
			return slices.Equal(m, []int{2, 3})
		}},
		{"ceilings bind the busy source", []Source{{Weight: 1, Rate: 1}, {Weight: 1, Rate: 100, Ceiling: 4}}, Budget{Fetches: 10}, func(m []int) bool {
			return slices.Equal(m, []int{6, 4})
		}},
		{"gap cap raises floors", []Source{{Weight: 1, Rate: 100}, {Weight: 1, Rate: 0.01}, {Weight: 0, Rate: 0}}, Budget{Fetches: 20, MaxGap: 0.25}, func(m []int) bool {
			return sum(m) == 20 && m[1] == 4 && m[2] == 4
		}},
		{"gap cap yields to ceilings", []Source{{Weight: 1, Rate: 1, Ceiling: 2}}, Budget{Fetches: 5, MaxGap: 0.1}, func(m []int) bool {
			return slices.Equal(m, []int{2})
		}},
		{"no budget", []Source{{Weight: 1, Rate: 1}}, Budget{}, func(m []int) bool {
			return slices.Equal(m, []int{0})
		}},
		{"no sources", nil, Budget{Fetches: 3}, func(m []int) bool { return len(m) == 0 }},
	}
	for _, c := range cases {
		got, err := Allocate(c.srcs, c.b)
		if err != nil || !c.want(got) {
			if len(got) > 10 {
				got = got[:10]
			}
			t.Errorf("%s: got %v, %v", c.name, got, err)
		}
	}
}

// A budget below the number of sources with postings feeds the most
// important ones.
func TestAllocateStarved(t *testing.T) {
	srcs := []Source{{Weight: 1, Rate: 1}, {Weight: 1, Rate: 5}, {Weight: 0, Rate: 9}, {Weight: 2, Rate: 2}, {Weight: 1, Rate: 0.5, Floor: 1}}
	got, err := Allocate(srcs, Budget{Fetches: 3})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 0, 1, 1}; !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestAllocateRejectsBadInput(t *testing.T) {
	ok := Source{Weight: 1, Rate: 1}
	cases := []struct {
		name string
		srcs []Source
		b    Budget
	}{
		{"floors above budget", []Source{{Weight: 1, Rate: 1, Floor: 3}, {Floor: 3}}, Budget{Fetches: 5}},
		{"gap cap above budget", []Source{ok, ok}, Budget{Fetches: 5, MaxGap: 0.25}},
		{"floor above ceiling", []Source{{Floor: 3, Ceiling: 2}}, Budget{Fetches: 5}},
		{"negative weight", []Source{{Weight: -1}}, Budget{Fetches: 5}},
		{"nan rate", []Source{{Weight: 1, Rate: math.NaN()}}, Budget{Fetches: 5}},
		{"infinite rate", []Source{{Weight: 1, Rate: math.Inf(1)}}, Budget{Fetches: 5}},
		{"negative floor", []Source{{Floor: -1}}, Budget{Fetches: 5}},
		{"negative budget", []Source{ok}, Budget{Fetches: -1}},
		{"negative gap", []Source{ok}, Budget{Fetches: 5, MaxGap: -1}},
	}
	for _, c := range cases {
		if _, err := Allocate(c.srcs, c.b); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if _, err := ExpectedDelay([]Source{ok}, nil); err == nil {
		t.Error("ExpectedDelay with missing counts: no error")
	}
}

func TestTTLCeiling(t *testing.T) {
	cases := []struct {
		period, ttl float64
		want        int
	}{
		{1440, 60, 24},
		{1440, 90, 16},
		{1440, 100, 14},
		{1440, 2880, 1},
		{1440, 0, 0},
		{1440, -5, 0},
	}
	for _, c := range cases {
		if got := TTLCeiling(c.period, c.ttl); got != c.want {
			t.Errorf("TTLCeiling(%v, %v) = %d, want %d", c.period, c.ttl, got, c.want)
		}
	}
}
