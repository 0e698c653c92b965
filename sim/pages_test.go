package sim

import (
	"math"
	"testing"
	"time"

	"vigil/estimate"
	"vigil/policy"
	"vigil/trace"
)

func TestFreshnessBound(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	h := func(n float64) time.Time { return t0.Add(time.Duration(n * float64(time.Hour))) }
	// Over 10 hours: page a changes at 2 and 6 (head 2, gaps 4 and 4);
	// page b at 1 (head 1, gap 9); page c never (fresh 10).
	srcs := []Source{
		{ID: "a", Postings: []time.Time{h(2), h(6)}},
		{ID: "b", Postings: []time.Time{h(1)}},
		{ID: "c"},
	}
	tests := []struct {
		fetches int
		fresh   float64 // hours
	}{
		{0, 2 + 1 + 10},
		{1, 13 + 9},
		{2, 22 + 4},
		{3, 26 + 4},
		{9, 30},
	}
	for _, tt := range tests {
		got := FreshnessBound(srcs, h(0), h(10), tt.fetches)
		if want := tt.fresh / 30; math.Abs(got-want) > 1e-12 {
			t.Errorf("%d fetches: bound %v, want %v", tt.fetches, got, want)
		}
	}
}

// TestPageRatesUseTheChangeOnlyEstimator checks that after each fetch a
// page's rate is Cho & Garcia-Molina's estimate from its change checks.
func TestPageRatesUseTheChangeOnlyEstimator(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := newPageRates(1)
	s := &policy.Source{Models: policy.NewModels(0.1, t0)}
	flags := []bool{true, false, true, true, false, false}
	var checks []estimate.ChangeCheck
	at := t0
	p.observe(0, s, at, true) // the first fetch only starts the series
	for i, c := range flags {
		gap := time.Duration(2+i) * time.Hour
		at = at.Add(gap)
		p.observe(0, s, at, c)
		checks = append(checks, estimate.ChangeCheck{Interval: gap, Changed: c})
	}
	want, err := estimate.ChangeRateIrregular(checks)
	if err != nil {
		t.Fatal(err)
	}
	if s.Models.EWMA.Rate != want.Rate || want.Rate <= 0 {
		t.Errorf("rate %v, want the estimator's %v", s.Models.EWMA.Rate, want.Rate)
	}
}

// TestRunPages replays a synthetic page-change trace through page
// policies: every freshness lies under the clairvoyant bound, and spending
// the budget where pages change beats fetching every page alike. The
// advantage is a few points of freshness, so the trace has 300 pages: on
// 60 the two were within a thousandth of each other, inside the noise of
// rates learned online.
func TestRunPages(t *testing.T) {
	t.Parallel()
	p, err := trace.GeneratePages(trace.PageGenConfig{Pages: 300, Days: 35, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	srcs := make([]Source, len(p.Sources))
	for i, s := range p.Sources {
		for _, c := range s.Postings {
			srcs[i].Postings = append(srcs[i].Postings, c.Time)
		}
		srcs[i].ID = s.ID
	}
	results := map[string]PageMetrics{}
	for _, name := range []string{"uniform", "cgm-freshness", "combined", Clairvoyant} {
		m, err := RunPages(Config{Policy: name, PerSource: 1, Start: p.Start, End: p.End, Seed: 1}, srcs)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%-13s freshness %.3f age %6.0f min fetches %d unseen %d", name, m.Freshness, m.AgeMin, m.Fetches, m.Unseen)
		if m.Freshness < 0 || m.Freshness > 1 || m.Changes == 0 {
			t.Errorf("%s: %+v", name, m)
		}
		results[name] = m
	}
	bound := results[Clairvoyant].Freshness
	for name, m := range results {
		if m.Freshness > bound+1e-9 {
			t.Errorf("%s: freshness %.3f above the clairvoyant bound %.3f", name, m.Freshness, bound)
		}
	}
	if results["cgm-freshness"].Freshness <= results["uniform"].Freshness {
		t.Errorf("cgm-freshness %.3f not fresher than uniform %.3f", results["cgm-freshness"].Freshness, results["uniform"].Freshness)
	}
}
