package profile

import (
	"maps"
	"math"
	"slices"
	"testing"
)

func TestCorpusAdd(t *testing.T) {
	var c Corpus
	d := c.Add([]string{"b", "a", "", "b", "c", "b"})
	want := Doc{{ID: 0, Count: 3}, {ID: 1, Count: 1}, {ID: 2, Count: 1}} // b, a, c by first sight
	if !slices.Equal(d, want) {
		t.Fatalf("Add = %v, want %v", d, want)
	}
	c.Add([]string{"a", "d"})
	tests := []struct {
		term string
		df   int64
		idf  float64
	}{
		{"a", 2, 0},
		{"b", 1, math.Log(2)},
		{"d", 1, math.Log(2)},
		{"zzz", 0, 0},
	}
	for _, tt := range tests {
		if got := c.DF(tt.term); got != tt.df {
			t.Errorf("DF(%q) = %d, want %d", tt.term, got, tt.df)
		}
		if got := c.IDF(tt.term); math.Abs(got-tt.idf) > 1e-15 {
			t.Errorf("IDF(%q) = %v, want %v", tt.term, got, tt.idf)
		}
	}
	if c.N() != 2 || c.Len() != 4 {
		t.Errorf("N, Len = %d, %d; want 2, 4", c.N(), c.Len())
	}
	if id, ok := c.ID("c"); !ok || c.Term(id) != "c" || c.Term(99) != "" {
		t.Errorf("ID/Term do not round-trip: %d %v", id, ok)
	}
}

func TestCorpusIDFGrows(t *testing.T) {
	var c Corpus
	c.Add([]string{"rare", "common"})
	c.Add([]string{"common"})
	before := c.IDF("rare")
	c.Add([]string{"common"})
	c.Add(nil) // an item without terms still counts
	after := c.IDF("rare")
	if math.Abs(before-math.Log(2)) > 1e-15 || math.Abs(after-math.Log(4)) > 1e-15 {
		t.Errorf("idf(rare) = %v then %v, want ln 2 then ln 4", before, after)
	}
	if c.IDF("common") <= 0 {
		t.Errorf("idf(common) = %v after an item without it, want > 0", c.IDF("common"))
	}
}

func TestCorpusTakeDelta(t *testing.T) {
	var c Corpus
	c.Add([]string{"a", "b"})
	c.Add([]string{"a"})
	n, d := c.TakeDelta()
	if n != 2 || !maps.Equal(d, map[string]int64{"a": 2, "b": 1}) {
		t.Fatalf("first TakeDelta = %d, %v", n, d)
	}
	if n, d := c.TakeDelta(); n != 0 || len(d) != 0 {
		t.Fatalf("TakeDelta with nothing new = %d, %v", n, d)
	}
	c.Add([]string{"b", "c"})
	n, d = c.TakeDelta()
	if n != 1 || !maps.Equal(d, map[string]int64{"b": 1, "c": 1}) {
		t.Fatalf("second TakeDelta = %d, %v", n, d)
	}
}

func TestCorpusRestore(t *testing.T) {
	var c Corpus
	c.Add([]string{"a", "b"})
	idA, _ := c.ID("a")
	if err := c.Restore(10, map[string]int64{"a": 5, "z": 1}); err != nil {
		t.Fatal(err)
	}
	if id, _ := c.ID("a"); id != idA {
		t.Errorf("Restore moved the ID of a from %d to %d", idA, id)
	}
	if c.N() != 10 || c.DF("a") != 5 || c.DF("b") != 0 || c.DF("z") != 1 {
		t.Errorf("after Restore N=%d df(a)=%d df(b)=%d df(z)=%d", c.N(), c.DF("a"), c.DF("b"), c.DF("z"))
	}
	if math.Abs(c.IDF("a")-math.Log(2)) > 1e-15 || c.IDF("b") != 0 {
		t.Errorf("idf(a) = %v, idf(b) = %v; want ln 2, 0", c.IDF("a"), c.IDF("b"))
	}
	if n, d := c.TakeDelta(); n != 0 || len(d) != 0 {
		t.Errorf("TakeDelta right after Restore = %d, %v; want nothing", n, d)
	}
	c.Add([]string{"a"})
	if n, d := c.TakeDelta(); n != 1 || !maps.Equal(d, map[string]int64{"a": 1}) {
		t.Errorf("TakeDelta after one item = %d, %v", n, d)
	}
}

func TestCorpusRestoreRejects(t *testing.T) {
	tests := []struct {
		name string
		n    int64
		df   map[string]int64
	}{
		{"negative n", -1, nil},
		{"negative df", 3, map[string]int64{"a": -1}},
		{"df above n", 3, map[string]int64{"a": 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c Corpus
			c.Add([]string{"a"})
			if err := c.Restore(tt.n, tt.df); err == nil {
				t.Fatal("Restore accepted bad counts")
			}
			if c.N() != 1 || c.DF("a") != 1 {
				t.Errorf("a failed Restore changed the counts: N=%d df(a)=%d", c.N(), c.DF("a"))
			}
		})
	}
}
