package profile

import (
	"math"
	"math/rand/v2"
	"testing"
)

func vec(pairs ...float64) Vector {
	tf := make(map[uint32]float64)
	for i := 0; i < len(pairs); i += 2 {
		tf[uint32(pairs[i])] = pairs[i+1]
	}
	return vectorOf(tf, func(uint32) float64 { return 1 })
}

// TestSimilarityByHand: A and B share a term, C shares none; S follows the
// time-average rule, refinement mixes A and B and leaves C alone.
func TestSimilarityByHand(t *testing.T) {
	var x Index
	a, b, c := vec(1, 3, 2, 4), vec(2, 1), vec(9, 1)
	x.Put(1, a)
	x.Put(2, b)
	x.Put(3, c)
	var s Similarity
	s.Sample(&x, 2)
	s.Sample(&x, 2)
	sab := Cosine(a, b) // 0.8
	if got := s.Value(1, 2); math.Abs(got-sab) > 1e-15 || s.Value(2, 1) != got {
		t.Fatalf("S_AB = %v, S_BA = %v; want %v", got, s.Value(2, 1), sab)
	}
	if s.Value(1, 3) != 0 || s.Value(3, 3) != 1 {
		t.Errorf("S_AC = %v, S_CC = %v; want 0, 1", s.Value(1, 3), s.Value(3, 3))
	}
	// B drifts away; a sample without the pair counts as 0.
	x.Put(2, vec(5, 1))
	s.Sample(&x, 2)
	if got := s.Value(1, 2); math.Abs(got-2*sab/3) > 1e-15 {
		t.Errorf("after a sample apart S_AB = %v, want %v", got, 2*sab/3)
	}
	// D joins late: its average counts only samples since it was indexed.
	x.Put(4, vec(9, 1, 7, 1))
	s.Sample(&x, 2)
	if got, want := s.Value(3, 4), 1/math.Sqrt2; math.Abs(got-want) > 1e-15 {
		t.Errorf("S_CD = %v, want %v from its one sample", got, want)
	}
	rates := map[int64]float64{1: 2, 2: 10, 3: 5}
	got := s.Refine(rates)
	sab = s.Value(1, 2)
	if want := (2 + sab*10) / (1 + sab); math.Abs(got[1]-want) > 1e-12 {
		t.Errorf("λ'_A = %v, want %v", got[1], want)
	}
	if got[3] != 5 {
		t.Errorf("λ'_C = %v: C's only neighbour D has no rate, so C keeps 5", got[3])
	}
	if n := s.Neighbours(4, 5); len(n) != 1 || n[0].ID != 3 {
		t.Errorf("Neighbours(D) = %+v, want C", n)
	}
	s.Forget(4)
	if s.Value(3, 4) != 0 || len(s.Neighbours(3, 5)) != 0 {
		t.Error("Forget left D's similarities behind")
	}
}

// TestIsolatedChannelKeepsRate is the remark of Roitman et al. §6.2.
func TestIsolatedChannelKeepsRate(t *testing.T) {
	var x Index
	x.Put(1, vec(1, 1))
	x.Put(2, vec(1, 1, 2, 1))
	x.Put(3, vec(3, 1))
	var s Similarity
	s.Sample(&x, 5)
	got := s.Refine(map[int64]float64{1: 1, 2: 3, 3: 0.25})
	if got[3] != 0.25 {
		t.Errorf("isolated channel's rate %v, want 0.25", got[3])
	}
	if got[1] <= 1 || got[2] >= 3 {
		t.Errorf("similar channels did not move toward each other: %v", got)
	}
}

// TestRefineRowsSumToOne: with every rate 1, λ' = S_norm·1 is the row sums
// of S_norm, which must all be 1.
func TestRefineRowsSumToOne(t *testing.T) {
	var x Index
	vs := synthVectors(600, 4)
	for i, v := range vs {
		x.Put(int64(i), v)
	}
	var s Similarity
	s.Sample(&x, 8)
	s.Sample(&x, 8)
	ones := make(map[int64]float64, len(vs))
	for i := range vs {
		ones[int64(i)] = 1
	}
	linked := 0
	for id, r := range s.Refine(ones) {
		if math.Abs(r-1) > 1e-12 {
			t.Fatalf("row %d of S_norm sums to %v", id, r)
		}
		if len(s.Neighbours(id, 1)) > 0 {
			linked++
		}
	}
	// About a quarter of the channels share one of the 2,000 topics.
	if linked < len(vs)/5 {
		t.Errorf("only %d of %d channels have neighbours", linked, len(vs))
	}
}

// TestSampleMatchesBruteForce: with every term probed and no postings limit,
// the sampled neighbours are the true k nearest by cosine (profiles of at
// most MaxTerms terms, so the indexed vectors are the profiles).
func TestSampleMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	var x Index
	vs := make([]Vector, 200)
	for i := range vs {
		vs[i] = randomVector(r, 300, MaxTerms)
		x.Put(int64(i), vs[i])
	}
	s := Similarity{ProbeTerms: MaxTerms, MaxPostings: math.MaxInt}
	const k = 5
	s.Sample(&x, k)
	for i, v := range vs {
		want := ranking{n: k}
		for j, o := range vs {
			if j != i {
				want.offer(Hit{ID: int64(j), Score: Cosine(v, o)})
			}
		}
		for _, h := range want.sorted() {
			if got := s.Value(int64(i), h.ID); math.Abs(got-h.Score) > 1e-12 {
				t.Fatalf("S_%d,%d = %v, cosine %v", i, h.ID, got, h.Score)
			}
		}
	}
}

func TestSampleIgnoresBadK(t *testing.T) {
	var x Index
	x.Put(1, vec(1, 1))
	var s Similarity
	s.Sample(&x, 0)
	if s.Samples() != 0 {
		t.Errorf("Sample(k=0) counted a sample")
	}
}
