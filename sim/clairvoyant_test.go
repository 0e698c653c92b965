package sim

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
	"time"
)

// bruteDelay is the least total delay of m fetches at posting times over
// the sorted postings x, trying every set of fetch instants that ends at
// the last posting.
func bruteDelay(x []int64, m int) int64 {
	n := len(x)
	best := int64(math.MaxInt64)
	for mask := 0; mask < 1<<(n-1); mask++ {
		set := mask | 1<<(n-1)
		if popcount(set) != m {
			continue
		}
		total := int64(0)
		for i := range n {
			j := i
			for set&(1<<j) == 0 {
				j++
			}
			total += x[j] - x[i]
		}
		best = min(best, total)
	}
	return best
}

func popcount(v int) int {
	c := 0
	for ; v != 0; v &= v - 1 {
		c++
	}
	return c
}

func randomPostings(r *rand.Rand, n int) []int64 {
	x := make([]int64, n)
	for i := range x {
		x[i] = int64(r.IntN(5000))
	}
	sort.Slice(x, func(i, j int) bool { return x[i] < x[j] })
	base := x[0]
	for i := range x {
		x[i] -= base
	}
	return x
}

// TestExactDelayBruteForce checks the dynamic programme against brute force.
func TestExactDelayBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		x := randomPostings(r, 1+r.IntN(9))
		for m := 1; m <= len(x); m++ {
			got, ends := exactDelay(x, m)
			if want := bruteDelay(x, m); got != want {
				t.Fatalf("trial %d x=%v m=%d: dp %d, brute force %d", trial, x, m, got, want)
			}
			if len(ends) != m || ends[m-1] != len(x)-1 {
				t.Fatalf("trial %d: fetch indices %v for m=%d", trial, ends, m)
			}
		}
	}
}

// TestSolveIsLagrangian checks the O(n) priced solution against the exact
// programme: at price λ it returns the least m minimising f(m) + λ·m.
func TestSolveIsLagrangian(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		x := randomPostings(r, 1+r.IntN(12))
		tr := &track{posts: x}
		s, err := newSeer(tr, period{from: 0, to: math.MaxInt64})
		if err != nil {
			t.Fatal(err)
		}
		f := make([]int64, len(x)+1)
		for m := 1; m <= len(x); m++ {
			f[m], _ = exactDelay(x, m)
		}
		for _, lambda := range []int64{0, 1, 7, 50, 300, 1000, 4000, 20000} {
			bestM := 1
			for m := 2; m <= len(x); m++ {
				if f[m]+lambda*int64(m) < f[bestM]+lambda*int64(bestM) {
					bestM = m
				}
			}
			if got := s.solve(lambda, true); got != bestM {
				t.Fatalf("trial %d x=%v λ=%d: %d fetches, want %d", trial, x, lambda, got, bestM)
			}
			s.schedule()
			if d := scheduleDelay(x, tr.fetches); d != f[bestM] {
				t.Fatalf("trial %d x=%v λ=%d: schedule delay %d, want %d", trial, x, lambda, d, f[bestM])
			}
		}
	}
}

// scheduleDelay is the total delay of postings x fetched at the given times.
func scheduleDelay(x, fetches []int64) int64 {
	total, j := int64(0), 0
	for _, v := range x {
		for fetches[j] < v {
			j++
		}
		total += fetches[j] - v
	}
	return total
}

// TestClairvoyantSplitBruteForce checks the budget split over three small
// sources against every allocation of the budget.
func TestClairvoyantSplitBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 40 {
		var srcs []Source
		var xs [][]int64
		for i := range 3 {
			x := randomPostings(r, 1+r.IntN(6))
			for j := range x {
				x[j] = x[j]*17 + int64(r.IntN(17)) // spread over a day
			}
			sort.Slice(x, func(a, b int) bool { return x[a] < x[b] })
			xs = append(xs, x)
			ps := make([]time.Time, len(x))
			for j, v := range x {
				ps[j] = t0.Add(time.Duration(v) * time.Second)
			}
			srcs = append(srcs, Source{ID: string(rune('a' + i)), Postings: ps})
		}
		budget := 3 + r.IntN(6)
		cfg := Config{Policy: Clairvoyant, PerDay: float64(budget), Online: true, Start: t0, End: t0.Add(24 * time.Hour)}
		m, _, err := run(cfg, srcs, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := bestSplit(xs, budget)
		if got := int64(math.Round(m.TotalDelayMin * 60)); got != want {
			t.Fatalf("trial %d budget %d: clairvoyant %d s, brute force %d s", trial, budget, got, want)
		}
		if m.Fetches > budget {
			t.Fatalf("trial %d: %d fetches over the budget %d", trial, m.Fetches, budget)
		}
	}
}

// bestSplit is the least total delay over every split of budget fetches
// among the sources (each at least one, none more than its postings).
func bestSplit(xs [][]int64, budget int) int64 {
	best := int64(math.MaxInt64)
	var rec func(i, left int, acc int64)
	rec = func(i, left int, acc int64) {
		if i == len(xs) {
			best = min(best, acc)
			return
		}
		for m := 1; m <= min(left-(len(xs)-1-i), len(xs[i])); m++ {
			d, _ := exactDelay(xs[i], m)
			rec(i+1, left-m, acc+d)
		}
	}
	rec(0, budget, 0)
	return best
}

// TestClairvoyantBelowPolicies runs every policy on a small synthetic set
// and checks the bound's total delay is below each one's, counting each
// posting a policy left pending as if fetched at the end.
func TestClairvoyantBelowPolicies(t *testing.T) {
	srcs := withTerms(synthSources(7, 20, 10, 40), 7) // terms, for the content policies
	base := Config{PerSource: 2, Online: true, DefaultWindow: 1 << 30, Seed: 1}
	cfg := base
	cfg.Policy = Clairvoyant
	bound, _, err := run(cfg, srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range policyNames() {
		cfg := base
		cfg.Policy = name
		m, tracks, err := run(cfg, srcs, nil)
		if err != nil {
			t.Fatal(err)
		}
		total := m.TotalDelayMin + pendingDelayMin(tracks, t0.Add(10*24*time.Hour))
		t.Logf("%-13s total delay %10.0f min, fetches %d (clairvoyant %10.0f, %d)", name, total, m.Fetches, bound.TotalDelayMin, bound.Fetches)
		if bound.TotalDelayMin > total {
			t.Errorf("%s: total delay %.0f min below the clairvoyant bound %.0f", name, total, bound.TotalDelayMin)
		}
	}
}

// pendingDelayMin is the delay of every posting after a source's last fetch
// counted up to end.
func pendingDelayMin(tracks []track, end time.Time) float64 {
	total := 0.0
	for _, tr := range tracks {
		last := int64(math.MinInt64)
		if n := len(tr.fetches); n > 0 {
			last = tr.fetches[n-1]
		}
		for _, p := range tr.posts {
			if p > last && p < end.Unix() {
				total += float64(end.Unix()-p) / 60
			}
		}
	}
	return total
}
