package plan

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// directDelay computes the expected delay of fetching at slots straight
// from the definition: a posting of slot s waits for the first boundary
// b ≥ s+1, on average b − s − 1/2 slots.
func directDelay(rates []float64, slots []int) float64 {
	n := len(rates)
	total := 0.0
	for s, r := range rates {
		wait := n + 1
		for _, b := range slots {
			wait = min(wait, (b-s-1+2*n)%n+1)
		}
		total += r * (float64(wait) - 0.5)
	}
	return total
}

// directMiss computes the expected missed postings from the definition: an
// access in slot s misses what was published since the last boundary
// a ≤ s, half of slot s's own postings included on average.
func directMiss(rates, access []float64, slots []int) float64 {
	n := len(rates)
	total := 0.0
	for s, u := range access {
		back := n
		for _, a := range slots {
			back = min(back, (s-a+n)%n)
		}
		missed := rates[s] / 2
		for r := s - back; r < s; r++ {
			missed += rates[(r+n)%n]
		}
		total += u * missed
	}
	return total
}

// combinations calls fn with every m-subset of [0, n) in increasing order.
func combinations(n, m int, fn func([]int)) {
	c := make([]int, m)
	var rec func(i, from int)
	rec = func(i, from int) {
		if i == m {
			fn(c)
			return
		}
		for v := from; v <= n-(m-i); v++ {
			c[i] = v
			rec(i+1, v+1)
		}
	}
	rec(0, 0)
}

// randomSeries returns n values, some zero, some spiky, from rng.
func randomSeries(rng *rand.Rand, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		switch rng.IntN(4) {
		case 0:
			xs[i] = 0
		case 1:
			xs[i] = 10 * rng.Float64()
		default:
			xs[i] = rng.Float64()
		}
	}
	return xs
}

func TestPatternCostMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		n := 1 + rng.IntN(20)
		rates, access := randomSeries(rng, n), randomSeries(rng, n)
		slots := rng.Perm(n)[:1+rng.IntN(n)]
		d, err := mustDelay(t, rates).Cost(slots)
		if err != nil {
			t.Fatal(err)
		}
		if want := directDelay(rates, slots); !near(d, want, 1e-9) {
			t.Fatalf("delay of %v on %v = %v, want %v", slots, rates, d, want)
		}
		mp, err := NewMissPattern(rates, access)
		if err != nil {
			t.Fatal(err)
		}
		c, err := mp.Cost(slots)
		if err != nil {
			t.Fatal(err)
		}
		if want := directMiss(rates, access, slots); !near(c, want, 1e-9) {
			t.Fatalf("miss of %v = %v, want %v", slots, c, want)
		}
	}
}

func TestPlaceMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 400 {
		n := 1 + rng.IntN(16)
		m := 1 + rng.IntN(min(4, n))
		rates, access := randomSeries(rng, n), randomSeries(rng, n)
		if trial%2 == 0 {
			access = nil
		}
		p := mustPattern(t, rates, access)
		got, err := p.Place(m)
		if err != nil {
			t.Fatal(err)
		}
		best := math.Inf(1)
		combinations(n, m, func(c []int) {
			v, _ := p.Cost(c)
			best = min(best, v)
		})
		check, _ := p.Cost(got.Slots)
		if !near(got.Cost, best, 1e-9) || !near(check, best, 1e-9) {
			t.Fatalf("trial %d n=%d m=%d rates=%v access=%v: Place %v cost %v (recomputed %v), brute force %v",
				trial, n, m, rates, access, got.Slots, got.Cost, check, best)
		}
	}
}

// everyStart is a slow reference: for every first fetch, a plain O(m·n²)
// dynamic programme.
func everyStart(p *Pattern, m int) float64 {
	n := p.n
	best := math.Inf(1)
	for s := range n {
		f := make([]float64, 2*n+1)
		for i := range f {
			f[i] = math.Inf(1)
		}
		f[s] = 0
		for range m {
			g := make([]float64, 2*n+1)
			for x := range g {
				g[x] = math.Inf(1)
				for k := s; k < x && x <= s+n; k++ {
					g[x] = min(g[x], f[k]+p.gap(k, x))
				}
			}
			f = g
		}
		best = min(best, f[s+n])
	}
	return best
}

func TestPlaceMatchesEveryStartOnLargerGrids(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 16 {
		n := 30 + rng.IntN(30)
		m := 2 + rng.IntN(8)
		if trial%4 == 1 {
			m = n - rng.IntN(6) // nearly every slot
		}
		rates, access := randomSeries(rng, n), randomSeries(rng, n)
		if trial%3 == 0 {
			// A single busy stretch: long optimal gaps.
			for i := range rates {
				if i > n/5 {
					rates[i] = 0
				}
			}
		}
		if trial%2 == 0 {
			access = nil
		}
		p := mustPattern(t, rates, access)
		got, err := p.Place(m)
		if err != nil {
			t.Fatal(err)
		}
		if want := everyStart(p, m); !near(got.Cost, want, 1e-9) {
			t.Fatalf("trial %d n=%d m=%d: Place cost %v, reference %v", trial, n, m, got.Cost, want)
		}
	}
}

func TestPlaceEveryCountAndEdges(t *testing.T) {
	rates := []float64{0, 0, 5, 0, 0, 0, 1, 0}
	p := mustDelay(t, rates)
	for m := 1; m <= len(rates); m++ {
		got, err := p.Place(m)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Slots) != m || !slices.IsSorted(got.Slots) {
			t.Fatalf("m=%d: slots %v", m, got.Slots)
		}
	}
	all, _ := p.Place(len(rates))
	if want := 0.5 * 6; !near(all.Cost, want, 1e-12) {
		t.Fatalf("fetching every slot costs %v, want %v", all.Cost, want)
	}
	zero := mustDelay(t, make([]float64, 10))
	z, err := zero.Place(3)
	if err != nil || z.Cost != 0 || len(z.Slots) != 3 {
		t.Fatalf("zero pattern: %v %v", z, err)
	}
}

func TestPlaceRejectsBadInput(t *testing.T) {
	p := mustDelay(t, []float64{1, 2, 3})
	for _, m := range []int{0, -1, 4} {
		if _, err := p.Place(m); err == nil {
			t.Errorf("Place(%d) on 3 slots: no error", m)
		}
	}
	bad := []struct {
		name          string
		rates, access []float64
	}{
		{"empty", nil, nil},
		{"negative", []float64{1, -1}, nil},
		{"nan", []float64{math.NaN()}, nil},
		{"inf", []float64{math.Inf(1)}, nil},
		{"access length", []float64{1, 2}, []float64{1}},
		{"access negative", []float64{1, 2}, []float64{1, -2}},
	}
	for _, b := range bad {
		var err error
		if b.access == nil && b.name != "access length" {
			_, err = NewDelayPattern(b.rates)
		} else {
			_, err = NewMissPattern(b.rates, b.access)
		}
		if err == nil {
			t.Errorf("%s: no error", b.name)
		}
	}
	for _, slots := range [][]int{nil, {3}, {-1}, {1, 1}} {
		if _, err := p.Cost(slots); err == nil {
			t.Errorf("Cost(%v): no error", slots)
		}
	}
}

func TestExpectedWrapsPeriods(t *testing.T) {
	p := mustDelay(t, []float64{1, 3, 0, 2})
	cases := []struct{ from, to, want float64 }{
		{0, 4, 6},
		{0.5, 1.5, 0.5 + 1.5},
		{3.5, 4.5, 1 + 0.5},
		{-1, 0, 2},
		{2, 10, 2 + 6 + 4},
		{1, 1, 0},
		{2, 1, 0},
	}
	for _, c := range cases {
		if got := p.Expected(c.from, c.to); !near(got, c.want, 1e-12) {
			t.Errorf("Expected(%v, %v) = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}

func mustPattern(t *testing.T, rates, access []float64) *Pattern {
	t.Helper()
	if access == nil {
		return mustDelay(t, rates)
	}
	p, err := NewMissPattern(rates, access)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustDelay(t *testing.T, rates []float64) *Pattern {
	t.Helper()
	p, err := NewDelayPattern(rates)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// near reports whether a and b agree within tol, relative to their size
// when that exceeds 1.
func near(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*max(1, math.Abs(a), math.Abs(b))
}
