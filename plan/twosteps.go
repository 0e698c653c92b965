package plan

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// AllocateTwoSteps is the "2steps" strategy of Horincar et al. §6.2:
// first reserve for each source with a known Window the fetches that keep
// it from saturating (SaturationReserve, within its ceiling), then spend
// the rest of the budget by greatest expected gain, where the gain of a
// fetch is the decrease of the expected weighted delay, exactly as in
// Allocate (Sia & Cho, Theorem 1).
//
// When the budget cannot pay every reserve, reserves go by the weighted
// postings they save from loss: going from m to m+1 fetches saves
// w·min(W, λ − m·W) postings, which never grows with m, so taking the
// largest savings first is optimal; ties go in source order. Floors are
// paid first in any case and an error is returned if they exceed the
// budget.
func AllocateTwoSteps(srcs []Source, b Budget) ([]int, error) {
	a, err := newAllocation(srcs, b)
	if err != nil {
		return nil, err
	}
	if a.reserve(srcs) {
		a.fill()
	}
	return a.m, nil
}

// reserve raises the floors to the saturation reserves and reports true,
// or, when the budget cannot pay them all, sets a.m to the best partial
// reserve and reports false.
func (a *allocation) reserve(srcs []Source) bool {
	want, free := make([]int, len(srcs)), a.budget
	need := 0
	for i, s := range srcs {
		want[i] = max(a.lo[i], min(SaturationReserve(s.Rate, s.Window), a.hi[i]))
		free -= a.lo[i]
		need += want[i] - a.lo[i]
	}
	if need <= free {
		a.lo = want
		return true
	}
	a.m = slices.Clone(a.lo)
	for _, g := range savings(srcs, a.lo, want) {
		take := min(g.count, free)
		a.m[g.source] += take
		free -= take
	}
	return false
}

// saving is a run of equally valuable reserve fetches of one source.
type saving struct {
	source, count int
	value         float64 // weighted postings saved by each
}

// savings lists the reserve fetches between lo and want, most valuable
// first: whole windows, then the last partial one.
func savings(srcs []Source, lo, want []int) []saving {
	var gs []saving
	for i, s := range srcs {
		if want[i] <= lo[i] {
			continue
		}
		w := float64(s.Window)
		full := min(int(s.Rate/w), want[i]) // fetches that each save a whole window
		if full > lo[i] {
			gs = append(gs, saving{i, full - lo[i], s.Weight * w})
		}
		if last := max(full, lo[i]); want[i] > last {
			gs = append(gs, saving{i, want[i] - last, s.Weight * (s.Rate - float64(last)*w)})
		}
	}
	slices.SortStableFunc(gs, func(x, y saving) int { return cmp.Compare(y.value, x.value) })
	return gs
}

// Due is one source's state at a refresh moment, for SelectTwoSteps.
type Due struct {
	Now    float64 // expected new postings since its last fetch, at this moment
	Next   float64 // the same at the next refresh moment, if not fetched now
	Window int     // postings the feed shows (W); 0 means unknown
	Weight float64 // importance, e.g. its readers
}

// SelectTwoSteps chooses up to budget sources to fetch at one refresh
// moment by the "2steps" strategy (Horincar et al. §6.2). Step one takes
// the sources that would saturate before the next moment (Next > Window),
// those with the most weighted postings at risk, Weight·(Next − Window),
// first. Step two fills the rest of the budget by expected gain,
// Weight·Now: the weighted new postings a fetch collects now. Sources with
// no gain are not fetched; ties go to the lower index. Sources come back
// in the order chosen.
func SelectTwoSteps(due []Due, budget int) ([]int, error) {
	if budget < 0 {
		return nil, fmt.Errorf("plan: budget of %d fetches, want ≥ 0", budget)
	}
	for i, d := range due {
		if err := d.check(); err != nil {
			return nil, fmt.Errorf("plan: due source %d: %w", i, err)
		}
	}
	atRisk := func(i int) bool { return due[i].Window > 0 && due[i].Next > float64(due[i].Window) }
	first := topKeys(len(due), budget,
		func(i int) float64 { return due[i].Weight * (due[i].Next - float64(due[i].Window)) }, atRisk)
	rest := topKeys(len(due), budget-len(first),
		func(i int) float64 { return due[i].Weight * due[i].Now },
		func(i int) bool { return !atRisk(i) && due[i].Weight*due[i].Now > 0 })
	return append(first, rest...), nil
}

// check rejects negative or non-finite fields.
func (d Due) check() error {
	for _, x := range []float64{d.Now, d.Next, d.Weight} {
		if x < 0 || math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("now %v, next %v, weight %v: want finite values ≥ 0", d.Now, d.Next, d.Weight)
		}
	}
	if d.Window < 0 {
		return fmt.Errorf("window %d, want ≥ 0", d.Window)
	}
	return nil
}
