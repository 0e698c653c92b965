package report

import (
	"math"
	"testing"
	"time"

	"vigil/sim"
)

func TestTraitsOf(t *testing.T) {
	start := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	end := start.Add(10 * 24 * time.Hour)
	every := func(n int, step time.Duration, from time.Duration) []time.Time {
		out := make([]time.Time, n)
		for i := range out {
			out[i] = start.Add(from + time.Duration(i)*step)
		}
		return out
	}
	// Five sources: one posting 200 items in 10 days, every hour of the
	// clock alike; four posting 10 items each at 09:00.
	srcs := []sim.Source{{ID: "busy", Postings: every(200, 72*time.Minute, 0)}}
	for _, id := range []string{"a", "b", "c", "d"} {
		srcs = append(srcs, sim.Source{ID: id, Postings: every(10, 24*time.Hour, 9*time.Hour)})
	}
	got := TraitsOf(srcs, start, end)
	tests := []struct {
		name      string
		got, want float64
	}{
		{"top 17% share (the busiest 1 of 5)", got.TopShare, 200.0 / 240},
		{"p90 over median (ranks 0 and 2 of 5)", got.RateP90OverMedian, 20},
		{"over 10 a day", got.Over10PerDay, 0.2},
		// The busy source spreads evenly; the others put all in one hour.
		{"peak 4 h share", got.PeakShare, (200*0.2 + 40) / 240},
	}
	for _, tt := range tests {
		if math.Abs(tt.got-tt.want) > 1e-9 {
			t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	// 20 a day at 00:00, 01:12, 02:24 …: a 4-hour span holds 3 or 4.
	if p := peakShare(srcs[0].Postings); p != 0.2 {
		t.Errorf("an even source's 4-hour share is %v, want 4/20", p)
	}
	if p := peakShare(srcs[1].Postings); p != 1 {
		t.Errorf("a source posting at 09:00 only has a 4-hour share of %v, want 1", p)
	}
}
