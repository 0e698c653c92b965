package policy

import (
	"math"
	"testing"
)

// page returns a watched page changing perDay times a day, long known.
func page(id int64, perDay float64) *Source {
	s := steady(id, perDay)
	s.Models.Page = true
	s.Window = 1
	return s
}

// ratePlanned is how many fetches a day the source gets from its last fetch.
func ratePlanned(p Policy, s *Source) float64 {
	return float64(day) / float64(p.Next(s, s.Last).Sub(s.Last))
}

// TestAccruedKeepsPagesFresh reproduces Cho & Garcia-Molina's five pages
// (CGM03: changing 1-5 times a day, 5 fetches a day in all; optimal
// freshness frequencies 1.15, 1.36, 1.35, 1.14 and 0) through the accrued
// rule, whose θ is the allocation's multiplier. The fastest page gets only
// its floor, one fetch per MaxInterval.
func TestAccruedKeepsPagesFresh(t *testing.T) {
	srcs := []*Source{page(1, 1), page(2, 2), page(3, 3), page(4, 4), page(5, 5)}
	cfg := DefaultConfig
	cfg.PerDay, cfg.MaxInterval = 5, 1000*day
	p, err := New("accrued-freshness", cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Plan(srcs, t0); err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{1.15, 1.36, 1.35, 1.14} {
		if got := ratePlanned(p, srcs[i]); math.Abs(got-want) > 0.01 {
			t.Errorf("page %d: %.4f fetches a day, want %.3f", srcs[i].ID, got, want)
		}
	}
	floor := float64(day) / float64(cfg.MaxInterval)
	if got := ratePlanned(p, srcs[4]); math.Abs(got-floor) > 1e-9 {
		t.Errorf("page 5: %.6f fetches a day, want its floor %.6f", got, floor)
	}
}

// TestAccruedSharesOneBudgetWithPages checks that feeds and pages planned
// together spend the budget, that a page which changes rarely between
// fetches is fetched about as often as a feed posting at its rate (both
// conditions tend to w·λI²/2 = θ), and that a page too fast to keep fresh
// falls to its floor while the feed does not.
func TestAccruedSharesOneBudgetWithPages(t *testing.T) {
	feed, slow, fast := steady(1, 0.2), page(2, 0.2), page(3, 200)
	srcs := []*Source{feed, slow, fast}
	cfg := DefaultConfig
	cfg.PerDay = 4
	p, err := New("accrued-freshness", cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Plan(srcs, t0); err != nil {
		t.Fatal(err)
	}
	spent := 0.0
	for _, s := range srcs {
		spent += ratePlanned(p, s)
	}
	if math.Abs(spent-cfg.PerDay)/cfg.PerDay > 0.01 {
		t.Errorf("spent %.3f fetches a day, want the budget %v", spent, cfg.PerDay)
	}
	f, sl, fa := ratePlanned(p, feed), ratePlanned(p, slow), ratePlanned(p, fast)
	if r := sl / f; r < 0.85 || r > 1 {
		t.Errorf("slow page %.3f a day against the feed's %.3f (ratio %.3f), want slightly fewer (0.85-1)", sl, f, r)
	}
	floor := float64(day) / float64(cfg.MaxInterval)
	if math.Abs(fa-floor) > 1e-6 {
		t.Errorf("fast page %.4f a day, want its floor %.4f", fa, floor)
	}
}

// TestPagesHaveNoSaturationFloor checks that a page's one visible version
// does not ask a fetch per expected change: its changes overwrite one
// another by nature.
func TestPagesHaveNoSaturationFloor(t *testing.T) {
	if got := saturationFloor(page(1, 50)); got != 0 {
		t.Errorf("page floor %v, want 0", got)
	}
	f := steady(1, 50)
	f.Window = 1
	if got := saturationFloor(f); math.Abs(got-50) > 1e-9 {
		t.Errorf("feed of window 1: floor %v, want 50", got)
	}
}

// TestPageMarkSurvivesStorage checks that SetChangeRate's mark on the
// models is kept through their encoding, as the live monitor stores them.
func TestPageMarkSurvivesStorage(t *testing.T) {
	m := page(1, 3).Models
	b, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	got, err := UnmarshalModels(b)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Page {
		t.Fatal("decoded models lost the page mark")
	}
}
