package trace

import (
	"testing"
	"time"
)

func TestQuantisation(t *testing.T) {
	t0 := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	at := func(secs ...int64) []Posting {
		out := make([]Posting, len(secs))
		for i, s := range secs {
			out[i] = Posting{Time: t0.Add(time.Duration(s) * time.Second)}
		}
		return out
	}
	tests := []struct {
		name      string
		secs      []int64
		step      time.Duration
		shared    float64
		quantised bool
	}{
		{"exact seconds", []int64{7, 130, 4001, 9999}, 0, 0, false},
		{"on the minute", []int64{60, 180, 600, 3660}, time.Minute, 0, true},
		{"hourly crawler", []int64{3600, 3600, 7200, 7200}, time.Hour, 1, true},
		{"shared seconds", []int64{7, 7, 4001, 9999}, 0, 0.5, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &Postings{Sources: []Source{{ID: "a", Postings: at(tc.secs...)}}}
			q := p.Quantisation()
			if q.Step != tc.step || q.Shared != tc.shared || q.Quantised() != tc.quantised {
				t.Fatalf("got %+v (quantised %v), want step %v shared %v quantised %v", q, q.Quantised(), tc.step, tc.shared, tc.quantised)
			}
		})
	}
}

func TestQuantiseFloorsToTheGrid(t *testing.T) {
	t0 := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	p := &Postings{Sources: []Source{{ID: "a", Postings: []Posting{
		{Time: t0.Add(59 * time.Minute)}, {Time: t0.Add(61 * time.Minute)}, {Time: t0.Add(119 * time.Minute)},
	}}}}
	p.Quantise(time.Hour)
	want := []time.Time{t0, t0.Add(time.Hour), t0.Add(time.Hour)}
	for j, post := range p.Sources[0].Postings {
		if !post.Time.Equal(want[j]) {
			t.Fatalf("posting %d at %v, want %v", j, post.Time, want[j])
		}
	}
	if q := p.Quantisation(); !q.Quantised() || q.Step != time.Hour {
		t.Fatalf("quantised trace measured as %+v", q)
	}
}
