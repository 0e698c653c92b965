package profile

import (
	"math"
	"testing"

	"vigil"
)

func termsOf(tw []vigil.TermWeight) []string {
	out := make([]string, len(tw))
	for i, t := range tw {
		out[i] = t.Term
	}
	return out
}

func TestCosine(t *testing.T) {
	a := Vector{ids: []uint32{1, 2, 5}, ws: []float64{1, 2, 2}}
	b := Vector{ids: []uint32{2, 3, 5}, ws: []float64{3, 4, 0}}
	tests := []struct {
		name string
		a, b Vector
		want float64
	}{
		{"overlap", a, b, 6.0 / (3 * 5)},
		{"self", a, a, 1},
		{"empty", a, Vector{}, 0},
		{"disjoint", a, Vector{ids: []uint32{9}, ws: []float64{1}}, 0},
	}
	for _, tt := range tests {
		if got := Cosine(tt.a, tt.b); math.Abs(got-tt.want) > 1e-15 {
			t.Errorf("%s: Cosine = %v, want %v", tt.name, got, tt.want)
		}
	}
	if n := a.Normalized(); math.Abs(n.Norm()-1) > 1e-15 || a.ws[1] != 2 {
		t.Errorf("Normalized norm %v, original changed to %v", n.Norm(), a.ws)
	}
	if a.Weight(5) != 2 || a.Weight(4) != 0 {
		t.Errorf("Weight(5), Weight(4) = %v, %v", a.Weight(5), a.Weight(4))
	}
}

func TestQueryVector(t *testing.T) {
	var c Corpus
	c.Add([]string{"go", "feed"})
	c.Add([]string{"go"})
	c.Add([]string{"rust"})
	q := QueryVector(&c, []string{"feed", "feed", "go", "unknown"})
	idFeed, _ := c.ID("feed")
	idGo, _ := c.ID("go")
	if q.Len() != 2 || math.Abs(q.Weight(idFeed)-2*math.Log(3)) > 1e-15 || math.Abs(q.Weight(idGo)-math.Log(1.5)) > 1e-15 {
		t.Errorf("QueryVector = %+v", q)
	}
}
