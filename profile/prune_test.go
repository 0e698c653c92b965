package profile

import (
	"maps"
	"slices"
	"testing"
)

// TestPruneOrder drops the rarest unheld terms first and, among equally
// rare ones, the least recently seen, and keeps held terms however rare.
func TestPruneOrder(t *testing.T) {
	var c Corpus
	if err := c.SetTermLimit(2); err != nil {
		t.Fatal(err)
	}
	held := newTestChannel(t, Config{K: 1})
	held.Fold(&c, [][]string{{"held"}}) // df 1, but in a window
	for _, item := range [][]string{{"old", "common"}, {"common", "mid"}, {"common", "mid"}, {"new"}} {
		c.Add(item)
	}
	c.Prune() // 4 unheld terms, limit 2: keep 2 - 2/8 = 2
	for term, want := range map[string]int64{"held": 1, "common": 3, "mid": 2, "old": 0, "new": 0} {
		if got := c.DF(term); got != want {
			t.Errorf("df(%q) = %d after Prune, want %d", term, got, want)
		}
	}
	if c.Pruned() != 1 || c.Len() != 3 {
		t.Errorf("Pruned %d, Len %d; want 1, 3", c.Pruned(), c.Len())
	}
	c.Add([]string{"old"}) // seen again: counts from zero, in a freed ID
	if got := c.DF("old"); got != 1 {
		t.Errorf("df(old) seen again = %d, want 1", got)
	}
	if c.terms.len() != 5 {
		t.Errorf("%d IDs in use, want 5 (a dropped term's ID reused)", c.terms.len())
	}
	if err := c.SetTermLimit(-1); err == nil {
		t.Error("a negative limit was accepted")
	}
}

// TestPruneBoundsCorpus folds a stream of stems and affinities into three
// capped channels over a corpus bounded to 60 unheld terms, persisting
// each step's delta as a store would, and checks after each fetch: the
// bound holds; the persisted table equals the corpus's counts; a term is
// retained as often as windows hold it; and every term never dropped has
// the exact count of an unbounded corpus fed the same items.
func TestPruneBoundsCorpus(t *testing.T) {
	const limit = 60
	var bounded, exact Corpus
	if err := bounded.SetTermLimit(limit); err != nil {
		t.Fatal(err)
	}
	chs := make([]*Channel, 3)
	for i := range chs {
		chs[i] = newTestChannel(t, Config{K: 4, MaxTerms: 5})
	}
	stored := make(map[string]int64)
	dropped := make(map[string]bool)
	for _, f := range stream(streamSpec{seed: 11, channels: 3, topics: 4, fetches: 400, terms: 10}) {
		items := withPairs(f.items)
		chs[f.channel].Fold(&bounded, items)
		for _, item := range items {
			exact.Add(item)
		}
		before := termSet(&bounded)
		bounded.Prune()
		after := termSet(&bounded)
		for term := range before {
			if !after[term] {
				dropped[term] = true
			}
		}
		_, delta := bounded.TakeDelta()
		for term, d := range delta {
			if stored[term] += d; stored[term] <= 0 {
				delete(stored, term)
			}
		}
		checkBounded(t, &bounded, &exact, chs, stored, dropped)
	}
	if bounded.Pruned() == 0 || len(dropped) == 0 {
		t.Errorf("nothing was pruned: the test proves nothing")
	}
	t.Logf("%d terms held, %d dropped at some point, largest df dropped %d", bounded.Len(), len(dropped), bounded.Pruned())
}

// checkBounded checks the invariants TestPruneBoundsCorpus names.
func checkBounded(t *testing.T, c, exact *Corpus, chs []*Channel, stored map[string]int64, dropped map[string]bool) {
	t.Helper()
	if c.unref > c.limit {
		t.Fatalf("%d unheld terms kept, limit %d", c.unref, c.limit)
	}
	holds := make(map[uint32]uint32)
	for _, ch := range chs {
		for _, e := range ch.win.ents {
			holds[e.id]++
		}
	}
	live := make(map[string]int64)
	for id := range uint32(c.terms.len()) {
		st := c.terms.at(id)
		if st.term == "" {
			continue
		}
		live[st.term] = st.df
		if st.refs != holds[id] {
			t.Fatalf("%q retained %d times, held by %d windows", st.term, st.refs, holds[id])
		}
		if !dropped[st.term] && st.df != exact.DF(st.term) {
			t.Fatalf("df(%q) = %d, exact %d, never dropped", st.term, st.df, exact.DF(st.term))
		}
	}
	if !maps.Equal(live, stored) {
		t.Fatalf("persisted table of %d terms differs from the corpus's %d", len(stored), len(live))
	}
}

// termSet returns the terms c holds.
func termSet(c *Corpus) map[string]bool {
	set := make(map[string]bool)
	for id := range uint32(c.terms.len()) {
		if st := c.terms.at(id); st.term != "" {
			set[st.term] = true
		}
	}
	return set
}

// TestPruneTakesTheOldestOfTheRarest drops, of equally rare terms, the
// least recently seen.
func TestPruneTakesTheOldestOfTheRarest(t *testing.T) {
	tests := []struct {
		limit int
		gone  []string
	}{
		{4, []string{"a"}}, // five terms unheld, down to 4 - 4/8 = 4
		{3, []string{"a", "b"}},
		{2, []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		var c Corpus
		if err := c.SetTermLimit(tt.limit); err != nil {
			t.Fatal(err)
		}
		for _, item := range [][]string{{"a", "x"}, {"b", "x"}, {"c", "x"}, {"d", "x"}} {
			c.Add(item)
		}
		c.Prune()
		for _, term := range []string{"a", "b", "c", "d", "x"} {
			dropped := c.DF(term) == 0
			if want := slices.Contains(tt.gone, term); dropped != want {
				t.Errorf("limit %d: %q dropped = %v, want %v", tt.limit, term, dropped, want)
			}
		}
	}
}
