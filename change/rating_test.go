package change

import (
	"math"
	"testing"
)

// repeat returns n ratings of level s.
func repeat(s Severity, n int) []Rating {
	out := make([]Rating, n)
	for i := range out {
		out[i] = Rating{Severity: s}
	}
	return out
}

func TestCombine(t *testing.T) {
	w := DefaultWeights()
	tests := []struct {
		name    string
		ratings []Rating
		want    Severity
		score   float64
	}{
		{"none", nil, Unknown, 0},
		{"one negligible", repeat(Negligible, 1), Negligible, 1},
		{"one important", repeat(Important, 1), Important, 3},
		// (9·3 + 3·1) / (9 + 3) = 2.5: rounds up to important.
		{"important and 3 negligible", append(repeat(Important, 1), repeat(Negligible, 3)...), Important, 2.5},
		// (27 + 27) / (9 + 27) = 1.5: still significant.
		{"important and 27 negligible", append(repeat(Important, 1), repeat(Negligible, 27)...), Significant, 1.5},
		// (27 + 28) / 37 < 1.5: now outweighed.
		{"important and 28 negligible", append(repeat(Important, 1), repeat(Negligible, 28)...), Negligible, 55.0 / 37},
		// (3·2 + 3·2) / 6 = 2.
		{"two significant", repeat(Significant, 2), Significant, 2},
		// A propagated rating of weight 2: (2·9·3 + 1) / (18 + 1).
		{"weighted rating", []Rating{{Severity: Important, Weight: 2}, {Severity: Negligible}}, Important, 55.0 / 19},
		{"unknown skipped", []Rating{{Severity: Unknown}, {Severity: Significant}}, Significant, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Combine(tt.ratings, w)
			if c.Severity != tt.want || math.Abs(c.Score-tt.score) > 1e-12 {
				t.Errorf("Combine = %+v, want %v with score %v", c, tt.want, tt.score)
			}
		})
	}
}

// TestOutweighs checks the documented N against Combine itself.
func TestOutweighs(t *testing.T) {
	for _, w := range []Weights{DefaultWeights(), {1, 2, 4}, {1, 1, 1}} {
		n := Outweighs(w)
		at := Combine(append(repeat(Important, 1), repeat(Negligible, n)...), w)
		past := Combine(append(repeat(Important, 1), repeat(Negligible, n+1)...), w)
		if at.Severity < Significant || past.Severity >= Significant {
			t.Errorf("weights %+v: N = %d, with N negligible %v, with N+1 %v", w, n, at.Severity, past.Severity)
		}
	}
	if n := Outweighs(DefaultWeights()); n != 27 {
		t.Errorf("Outweighs(default) = %d, want 27", n)
	}
}

func TestNotify(t *testing.T) {
	tests := []struct {
		threshold, combined Severity
		evaluated           bool
		want                bool
	}{
		{Important, Unknown, false, true},
		{Important, Negligible, false, true},
		{Significant, Negligible, true, false},
		{Significant, Significant, true, true},
		{Significant, Important, true, true},
		{Important, Significant, true, false},
		{Negligible, Negligible, true, true},
	}
	for _, tt := range tests {
		if got := Notify(tt.threshold, tt.combined, tt.evaluated); got != tt.want {
			t.Errorf("Notify(%v, %v, %v) = %v, want %v", tt.threshold, tt.combined, tt.evaluated, got, tt.want)
		}
	}
}

func TestGroupSummary(t *testing.T) {
	lower := []Combined{
		{Score: 3, Severity: Important, Ratings: 1},
		{Score: 1, Severity: Negligible, Ratings: 2},
		{},
	}
	s := Daily.Summarize(lower)
	if s.Changes != 3 || s.Rated != 2 || s.Level != Important || s.Counts[Important] != 1 || s.Counts[Negligible] != 1 {
		t.Fatalf("summary = %+v", s)
	}
	if want := "daily group: 3 changes, 2 rated (1 important, 1 negligible)"; s.Text != want {
		t.Errorf("text = %q, want %q", s.Text, want)
	}
	r, ok := s.Rating(2)
	if !ok || r.Severity != Important || r.Weight != 2 {
		t.Errorf("Rating = %+v, %v", r, ok)
	}
	if _, ok := Weekly.Summarize([]Combined{{}}).Rating(1); ok {
		t.Error("an unrated week gave a rating")
	}
}
