package policy

import (
	"math"
	"testing"
	"time"
)

func TestMeanDelay(t *testing.T) {
	tests := []struct {
		name        string
		cost, fetch []float64
		want        float64
		ok          bool
	}{
		{"one source, 4 fetches", []float64{1}, []float64{4}, 1.0 / 8, true},
		// (1/(2·1) + 3/(2·3)) / (1+3) = 1/4
		{"square-root allocation", []float64{1, 3}, []float64{1, 3}, 0.25, true},
		{"every other day", []float64{2}, []float64{0.5}, 1, true},
		{"a silent source counts for nothing", []float64{0, 1}, []float64{0, 2}, 0.25, true},
		{"nothing posts", []float64{0}, []float64{1}, 0, false},
		{"a posting source without fetches", []float64{1}, []float64{0}, 0, false},
	}
	for _, tt := range tests {
		got, ok := meanDelay(tt.cost, tt.fetch)
		if ok != tt.ok || math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: meanDelay = %v, %v; want %v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}

// A plan's expected delay follows from its daily counts: two equal
// sources sharing 8 fetches a day get 4 each, fetched every 6 hours, and
// an item waits 3 hours on average.
func TestScheduledExpectedDelay(t *testing.T) {
	cfg := DefaultConfig
	cfg.PerDay = 8
	p, err := New("uniform", cfg)
	if err != nil {
		t.Fatal(err)
	}
	est := p.(interface{ ExpectedDelay() (time.Duration, bool) })
	if _, ok := est.ExpectedDelay(); ok {
		t.Error("an expected delay before the first plan")
	}
	srcs := []*Source{source(1, 24, nil), source(2, 24, nil)}
	if err := p.Plan(srcs, t0); err != nil {
		t.Fatal(err)
	}
	sp := p.(*scheduled)
	if perDayOf(sp, 1) != 4 || perDayOf(sp, 2) != 4 {
		t.Fatalf("fetches per day %v and %v, want 4 each", perDayOf(sp, 1), perDayOf(sp, 2))
	}
	if d, ok := est.ExpectedDelay(); !ok || d != 3*time.Hour {
		t.Errorf("ExpectedDelay = %v, %v; want 3h", d, ok)
	}
}

// The accrued rule (the default) estimates its delay too, so /metrics can
// show it: two equal sources sharing 8 fetches a day are expected to be
// fetched every 6 hours, and an item waits 3 hours on average.
func TestAccruedExpectedDelay(t *testing.T) {
	cfg := DefaultConfig
	cfg.PerDay = 8
	p, err := New("accrued", cfg)
	if err != nil {
		t.Fatal(err)
	}
	est, ok := p.(interface{ ExpectedDelay() (time.Duration, bool) })
	if !ok {
		t.Fatal("the accrued policy tells no expected delay")
	}
	if _, ok := est.ExpectedDelay(); ok {
		t.Error("an expected delay before the first plan")
	}
	if err := p.Plan([]*Source{source(1, 24, nil), source(2, 24, nil)}, t0); err != nil {
		t.Fatal(err)
	}
	// The shares come from a bisection: within a second of 3 hours.
	if d, ok := est.ExpectedDelay(); !ok || (d-3*time.Hour).Abs() > time.Second {
		t.Errorf("ExpectedDelay = %v, %v; want 3h", d, ok)
	}
}
