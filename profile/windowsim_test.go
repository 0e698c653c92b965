package profile

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestWindowSimilarityMatchesVectors checks the scratch-space cosine
// against the cosine of the windows' vectors built term by term.
func TestWindowSimilarityMatchesVectors(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var c Corpus
	words := []string{"alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta"}
	var docs []Doc
	var texts [][]string
	for range 60 {
		var terms []string
		for range 1 + r.IntN(6) {
			terms = append(terms, words[r.IntN(len(words))])
		}
		texts = append(texts, terms)
		docs = append(docs, c.Add(terms))
	}
	var ws WindowSimilarity
	for trial := range 200 {
		i, j, k := r.IntN(50), r.IntN(50), 1+r.IntN(10)
		var ta, tb []string
		for _, x := range texts[i : i+k] {
			ta = append(ta, x...)
		}
		for _, x := range texts[j : j+k] {
			tb = append(tb, x...)
		}
		want := Cosine(QueryVector(&c, ta), QueryVector(&c, tb))
		if got := ws.Cosine(&c, docs[i:i+k], docs[j:j+k]); math.Abs(got-want) > 1e-12 {
			t.Fatalf("trial %d: cosine %v, want %v", trial, got, want)
		}
	}
	if got := ws.Cosine(&c, docs[:3], nil); got != 0 {
		t.Fatalf("cosine against an empty window is %v, want 0", got)
	}
	if got := ws.Cosine(&c, docs[5:9], docs[5:9]); math.Abs(got-1) > 1e-12 {
		t.Fatalf("a window against itself: %v, want 1", got)
	}
}
