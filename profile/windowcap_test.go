package profile

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"testing"
)

// withPairs returns items with, after their terms, the lexical affinity of
// each term with the next ("a b").
func withPairs(items [][]string) [][]string {
	out := make([][]string, len(items))
	for i, item := range items {
		out[i] = slices.Clone(item)
		for j := 1; j < len(item); j++ {
			if item[j-1] != item[j] {
				out[i] = append(out[i], item[j-1]+" "+item[j])
			}
		}
	}
	return out
}

// bagOf counts the terms of an item.
func bagOf(item []string) map[string]int {
	bag := make(map[string]int)
	for _, t := range item {
		bag[t]++
	}
	return bag
}

// capOracle is a plain model of a capped window: its docs by term string.
type capOracle struct {
	k, n int
	docs []map[string]int
}

// tf returns the term frequencies over the oracle's window.
func (o *capOracle) tf() map[string]int {
	tf := make(map[string]int)
	for _, d := range o.docs {
		for t, n := range d {
			tf[t] += n
		}
	}
	return tf
}

// vector returns the oracle's profile under c's current idf.
func (o *capOracle) vector(c *Corpus) map[string]float64 {
	v := make(map[string]float64)
	for t, n := range o.tf() {
		if w := float64(n) * c.IDF(t); w > 0 {
			v[t] = w
		}
	}
	return v
}

// push adds an item, evicting the oldest beyond k.
func (o *capOracle) push(item []string) {
	o.docs = append(o.docs, bagOf(item))
	if len(o.docs) > o.k {
		o.docs = o.docs[1:]
	}
}

// capTo keeps the n heaviest stems and n heaviest affinities, equal
// weights in the order of their content keys, then terms, and removes the
// others from every doc.
func (o *capOracle) capTo(c *Corpus) {
	type tw struct {
		term string
		w    float64
	}
	var stems, pairs []tw
	for t, n := range o.tf() {
		e := tw{t, float64(n) * c.IDF(t)}
		if strings.Contains(t, " ") {
			pairs = append(pairs, e)
		} else {
			stems = append(stems, e)
		}
	}
	for _, kind := range [][]tw{stems, pairs} {
		slices.SortFunc(kind, func(a, b tw) int {
			if a.w != b.w {
				return cmp.Compare(b.w, a.w)
			}
			if ka, kb := contentKey(a.term), contentKey(b.term); ka != kb {
				return cmp.Compare(ka, kb)
			}
			return strings.Compare(a.term, b.term)
		})
		for _, e := range kind[min(o.n, len(kind)):] {
			for _, d := range o.docs {
				delete(d, e.term)
			}
		}
	}
}

// mapCosine is the cosine of two sparse vectors by term.
func mapCosine(a, b map[string]float64) float64 {
	var d, na, nb float64
	for t, w := range a {
		d += w * b[t]
		na += w * w
	}
	for _, w := range b {
		nb += w * w
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return d / math.Sqrt(na*nb)
}

// TestCapMatchesOracle folds a stream of stems and affinities into a
// channel capped at 6 of each and checks, item by item, against a plain
// model: Δ is the cosine between the capped profile before the item and
// the profile with all of the item's terms, and the terms kept and their
// frequencies are the model's.
func TestCapMatchesOracle(t *testing.T) {
	const k, n = 5, 6
	var c Corpus
	ch := newTestChannel(t, Config{K: k, MaxTerms: n, Exact: true})
	o := &capOracle{k: k, n: n}
	items := 0
	for _, f := range stream(streamSpec{seed: 9, channels: 1, topics: 3, fetches: 150, terms: 8}) {
		for _, item := range withPairs(f.items) {
			prevTF := o.tf()
			b := ch.Fold(&c, [][]string{item})
			prev := make(map[string]float64)
			for term, m := range prevTF {
				prev[term] = float64(m) * c.IDF(term)
			}
			o.push(item)
			if want := mapCosine(prev, o.vector(&c)); math.Abs(b.Deltas[0]-want) > 1e-9 {
				t.Fatalf("item %d: Δ = %.12f, model %.12f", items, b.Deltas[0], want)
			}
			o.capTo(&c)
			checkKept(t, items, &c, ch, o)
			items++
		}
	}
}

// checkKept compares the channel's window with the model's and checks that
// each term the window holds is retained once in the corpus.
func checkKept(t *testing.T, step int, c *Corpus, ch *Channel, o *capOracle) {
	t.Helper()
	want := o.tf()
	if len(ch.win.ents) != len(want) {
		t.Fatalf("item %d: window holds %d terms, model %d", step, len(ch.win.ents), len(want))
	}
	for _, e := range ch.win.ents {
		term := c.Term(e.id)
		if int(e.tf) != want[term] {
			t.Fatalf("item %d: tf(%q) = %d, model %d", step, term, e.tf, want[term])
		}
		if refs := c.terms.at(e.id).refs; refs != 1 {
			t.Fatalf("item %d: %q retained %d times by one window", step, term, refs)
		}
	}
	var a float64
	for _, e := range ch.win.ents {
		a += float64(e.tf) * float64(e.tf)
	}
	if math.Abs(a-ch.win.a) > 1e-6*max(1, a) {
		t.Fatalf("item %d: running Σtf² = %v, recomputed %v", step, ch.win.a, a)
	}
}

// TestCapOff keeps every term with a negative MaxTerms, as the paper's
// profile does.
func TestCapOff(t *testing.T) {
	var c Corpus
	ch := newTestChannel(t, Config{K: 5, MaxTerms: -1})
	o := &capOracle{k: 5}
	for _, f := range stream(streamSpec{seed: 3, channels: 1, topics: 2, fetches: 40, terms: 20}) {
		for _, item := range withPairs(f.items) {
			ch.Fold(&c, [][]string{item})
			o.push(item)
		}
	}
	if got, want := len(ch.win.ents), len(o.tf()); got != want {
		t.Errorf("uncapped window holds %d terms, model %d", got, want)
	}
}

// TestDecodeVersion1Caps decodes a channel saved before the cap (format 1,
// no MaxTerms) and checks that it gets the default cap, applied as it is
// decoded.
func TestDecodeVersion1Caps(t *testing.T) {
	var c Corpus
	ch := newTestChannel(t, Config{K: 5, MaxTerms: -1})
	for _, f := range stream(streamSpec{seed: 3, channels: 1, topics: 2, fetches: 40, terms: 30}) {
		ch.Fold(&c, withPairs(f.items))
	}
	if len(ch.win.ents) <= 2*DefaultMaxTerms {
		t.Fatalf("the uncapped window holds only %d terms: nothing to cap", len(ch.win.ents))
	}
	v2 := ch.Encode(&c)
	// Format 1: version 1 and no MaxTerms after the flags.
	head := len(channelMagic) + 1 + 1 + 8 + 1 // magic, version, K = 5, β, flags
	v1 := append([]byte(channelMagic+"\x01"), v2[len(channelMagic)+1:head]...)
	v1 = append(v1, v2[head+1:]...) // MaxTerms -1 is one byte
	back, err := Decode(&c, v1)
	if err != nil {
		t.Fatal(err)
	}
	stems, pairs := 0, 0
	for _, e := range back.win.ents {
		if c.isPair(e.id) {
			pairs++
		} else {
			stems++
		}
	}
	if back.Config().MaxTerms != DefaultMaxTerms || stems > DefaultMaxTerms || pairs > DefaultMaxTerms {
		t.Errorf("format 1 decoded with MaxTerms %d, %d stems and %d affinities; want %d of each at most",
			back.Config().MaxTerms, stems, pairs, DefaultMaxTerms)
	}
}
