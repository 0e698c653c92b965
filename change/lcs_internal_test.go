package change

import (
	"math/rand/v2"
	"testing"
)

// lcsLength is the textbook dynamic-programming LCS length.
func lcsLength(a, b []int) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// TestMatchIsLongest checks the matched lines against brute force on
// random small sequences: they form a common subsequence of maximal length.
func TestMatchIsLongest(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 4))
	for trial := range 3000 {
		a, b := randomSeq(r), randomSeq(r)
		inA, inB, coarse := match(a, b, defaultMaxCost, defaultMaxWork)
		if coarse {
			t.Fatalf("trial %d: a small match was coarse", trial)
		}
		var sa, sb []int
		for i, ok := range inA {
			if ok {
				sa = append(sa, a[i])
			}
		}
		for j, ok := range inB {
			if ok {
				sb = append(sb, b[j])
			}
		}
		if len(sa) != len(sb) {
			t.Fatalf("trial %d: %d lines matched in a, %d in b", trial, len(sa), len(sb))
		}
		for i := range sa {
			if sa[i] != sb[i] {
				t.Fatalf("trial %d: matched lines differ at %d: %v vs %v", trial, i, sa, sb)
			}
		}
		if want := lcsLength(a, b); len(sa) != want {
			t.Fatalf("trial %d: a=%v b=%v: matched %d, LCS is %d", trial, a, b, len(sa), want)
		}
	}
}

// TestMatchCapped checks that a search capped by edits or by work still
// yields a common subsequence, and says it is coarse when it is shorter
// than the longest.
func TestMatchCapped(t *testing.T) {
	for _, tt := range []struct {
		name          string
		maxCost, work int
	}{{"edits", 1, defaultMaxWork}, {"no work", defaultMaxCost, 0}, {"little work", defaultMaxCost, 6}} {
		t.Run(tt.name, func(t *testing.T) { checkCapped(t, tt.maxCost, tt.work) })
	}
}

// checkCapped is TestMatchCapped with the given bounds.
func checkCapped(t *testing.T, maxCost, work int) {
	r := rand.New(rand.NewPCG(1, 2))
	coarseSeen := false
	for range 500 {
		a, b := randomSeq(r), randomSeq(r)
		inA, inB, coarse := match(a, b, maxCost, work)
		coarseSeen = coarseSeen || coarse
		var sa, sb []int
		for i, ok := range inA {
			if ok {
				sa = append(sa, a[i])
			}
		}
		for j, ok := range inB {
			if ok {
				sb = append(sb, b[j])
			}
		}
		if len(sa) != len(sb) {
			t.Fatalf("a=%v b=%v: %d vs %d matched", a, b, len(sa), len(sb))
		}
		for i := range sa {
			if sa[i] != sb[i] {
				t.Fatalf("a=%v b=%v: not a common subsequence", a, b)
			}
		}
		if !coarse && len(sa) != lcsLength(a, b) {
			t.Fatalf("a=%v b=%v: shorter than the longest but not said coarse", a, b)
		}
	}
	if !coarseSeen {
		t.Error("no match was coarse under the bound")
	}
}

// randomSeq returns up to 12 ids drawn from a small alphabet.
func randomSeq(r *rand.Rand) []int {
	s := make([]int, r.IntN(13))
	for i := range s {
		s[i] = r.IntN(4)
	}
	return s
}
