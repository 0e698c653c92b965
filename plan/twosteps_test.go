package plan

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// With budget to spare, 2steps is Allocate with the reserves as floors.
func TestAllocateTwoStepsReservesThenAllocates(t *testing.T) {
	srcs := []Source{
		{Weight: 0.01, Rate: 100, Window: 10}, // reserve 10
		{Weight: 1, Rate: 5, Window: 20},      // reserve 1
		{Weight: 9, Rate: 30, Window: 15, Ceiling: 3},
		{Weight: 1, Rate: 1},
	}
	b := Budget{Fetches: 40}
	got, err := AllocateTwoSteps(srcs, b)
	if err != nil {
		t.Fatal(err)
	}
	raised := slices.Clone(srcs)
	for i, s := range raised {
		raised[i].Floor = SaturationReserve(s.Rate, s.Window)
		if s.Ceiling > 0 {
			raised[i].Floor = min(raised[i].Floor, s.Ceiling)
		}
	}
	want, err := Allocate(raised, b)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) || got[0] < 10 || sum(got) != 40 {
		t.Fatalf("2steps %v, Allocate with reserves %v", got, want)
	}
	plain, _ := Allocate(srcs, b)
	if plain[0] >= 10 {
		t.Fatalf("the test needs a source that Allocate alone leaves saturated: %v", plain)
	}
}

// savedBrute returns the most weighted postings that any allocation of
// the budget within floors and reserves saves from loss.
func savedBrute(srcs []Source, budget int) float64 {
	best := math.Inf(-1)
	m := make([]int, len(srcs))
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == len(srcs) {
			if left == 0 {
				best = max(best, saved(srcs, m))
			}
			return
		}
		want := max(srcs[i].Floor, SaturationReserve(srcs[i].Rate, srcs[i].Window))
		for k := srcs[i].Floor; k <= want && k-srcs[i].Floor <= left; k++ {
			m[i] = k
			rec(i+1, left-(k-srcs[i].Floor))
		}
	}
	floors := 0
	for _, s := range srcs {
		floors += s.Floor
	}
	rec(0, budget-floors)
	return best
}

func saved(srcs []Source, m []int) float64 {
	v := 0.0
	for i, s := range srcs {
		v += s.Weight * min(s.Rate, float64(m[i]*s.Window))
	}
	return v
}

func TestAllocateTwoStepsTightBudgetMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for trial := range 500 {
		srcs := make([]Source, 1+rng.IntN(4))
		for i := range srcs {
			srcs[i] = Source{Weight: float64(rng.IntN(3)), Rate: 60 * rng.Float64(), Window: 5 + rng.IntN(20), Floor: rng.IntN(2)}
		}
		need, floors := 0, 0
		for _, s := range srcs {
			need += max(s.Floor, SaturationReserve(s.Rate, s.Window))
			floors += s.Floor
		}
		if need == floors {
			continue
		}
		budget := floors + rng.IntN(need-floors)
		got, err := AllocateTwoSteps(srcs, Budget{Fetches: budget})
		if err != nil {
			t.Fatal(err)
		}
		if sum(got) != budget || !near(saved(srcs, got), savedBrute(srcs, budget), 1e-12) {
			t.Fatalf("trial %d %+v budget %d: got %v saving %v, best %v", trial, srcs, budget, got, saved(srcs, got), savedBrute(srcs, budget))
		}
	}
}

func TestAllocateTwoStepsRejectsBadInput(t *testing.T) {
	if _, err := AllocateTwoSteps([]Source{{Window: -1}}, Budget{Fetches: 1}); err == nil {
		t.Error("negative window: no error")
	}
	if _, err := AllocateTwoSteps([]Source{{Floor: 2}}, Budget{Fetches: 1}); err == nil {
		t.Error("floors above budget: no error")
	}
}

func TestSelectTwoSteps(t *testing.T) {
	due := []Due{
		{Now: 5, Next: 9, Window: 10, Weight: 1},   // safe, gain 5
		{Now: 9, Next: 12, Window: 10, Weight: 1},  // 2 at risk
		{Now: 2, Next: 30, Window: 20, Weight: 3},  // 30 at risk
		{Now: 8, Next: 9, Window: 0, Weight: 2},    // window unknown, gain 16
		{Now: 0, Next: 0, Window: 10, Weight: 5},   // nothing to gain
		{Now: 6, Next: 11, Window: 10, Weight: 0},  // at risk, but nobody reads it
		{Now: 7, Next: 8, Window: 10, Weight: 0.5}, // gain 3.5
	}
	cases := []struct {
		budget int
		want   []int
	}{
		{0, []int{}},
		{2, []int{2, 1}},
		{4, []int{2, 1, 5, 3}},
		{10, []int{2, 1, 5, 3, 0, 6}},
	}
	for _, c := range cases {
		got, err := SelectTwoSteps(due, c.budget)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("budget %d: got %v, %v; want %v", c.budget, got, err, c.want)
		}
	}
	for _, bad := range []Due{{Now: -1}, {Next: math.NaN()}, {Weight: math.Inf(1)}, {Window: -3}} {
		if _, err := SelectTwoSteps([]Due{bad}, 1); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	if _, err := SelectTwoSteps(due, -1); err == nil {
		t.Error("negative budget: no error")
	}
}
