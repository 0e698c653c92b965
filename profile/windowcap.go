package profile

import (
	"cmp"
	"slices"
	"strings"
)

// ranked is one window entry weighed for capping.
type ranked struct {
	w    float64
	id   uint32
	pair bool
}

// capTerms keeps at most n stems and n lexical affinities in the window:
// the heaviest under c's current idf (tf·idf, equal weights in term
// order, so that a channel decoded in another process, whose IDs differ,
// keeps the same terms). The others leave the entries, their share of A, B and C, and every
// Doc of the ring, so that an entry's tf stays the sum of its counts in
// the ring; a term dropped here and brought again by a later item counts
// from that item on. The corpus lends the scratch space.
func (w *window) capTerms(c *Corpus, n int) {
	if len(w.ents) <= n {
		return
	}
	cand := c.ranked[:0]
	L := c.lnN
	for _, e := range w.ents {
		cand = append(cand, ranked{w: float64(e.tf) * (L - c.ell(e.id)), id: e.id, pair: c.isPair(e.id)})
	}
	slices.SortFunc(cand, func(a, b ranked) int {
		switch {
		case a.pair != b.pair:
			if a.pair {
				return 1
			}
			return -1
		case a.w != b.w:
			return cmp.Compare(b.w, a.w)
		}
		return strings.Compare(c.Term(a.id), c.Term(b.id))
	})
	stems, _ := slices.BinarySearchFunc(cand, true, func(r ranked, pair bool) int {
		if r.pair == pair {
			return 0
		}
		return -1
	})
	drop := c.marks[:0]
	for _, r := range cand[min(n, stems):stems] {
		drop = append(drop, r.id)
	}
	for _, r := range cand[min(stems+n, len(cand)):] {
		drop = append(drop, r.id)
	}
	c.ranked = cand
	if len(drop) > 0 {
		slices.Sort(drop)
		w.dropEntries(c, drop)
		for i := range w.size {
			j := (w.head + i) % w.k
			w.ring[j] = dropTerms(w.ring[j], drop)
		}
	}
	c.marks = drop
	w.shrink(c)
}

// shrink gives the corpus back the large buffer a push merged into when
// capping left the window a small part of it, so that a channel holds
// memory for what it keeps, not for its largest item.
func (w *window) shrink(c *Corpus) {
	if cap(w.ents) <= 2*len(w.ents)+32 {
		return
	}
	small := make([]entry, len(w.ents), len(w.ents)+len(w.ents)/4)
	copy(small, w.ents)
	c.spare, w.ents = w.ents[:0], small
}

// dropEntries removes the entries of the sorted IDs drop, with their share
// of A, B and C, and releases their terms.
func (w *window) dropEntries(c *Corpus, drop []uint32) {
	kept := w.ents[:0]
	j := 0
	for _, e := range w.ents {
		for j < len(drop) && drop[j] < e.id {
			j++
		}
		if j < len(drop) && drop[j] == e.id {
			t2 := float64(e.tf) * float64(e.tf)
			w.a -= t2
			w.b -= t2 * e.ell
			w.c -= t2 * e.ell * e.ell
			c.release(e.id)
			continue
		}
		kept = append(kept, e)
	}
	w.ents = kept
	if len(kept) == 0 {
		w.a, w.b, w.c = 0, 0, 0
	}
}

// dropTerms removes the sorted IDs drop from d, in place or, when that
// would leave most of d's memory unused, into a copy of the right size.
func dropTerms(d Doc, drop []uint32) Doc {
	kept := d[:0]
	j := 0
	for _, t := range d {
		for j < len(drop) && drop[j] < t.ID {
			j++
		}
		if j < len(drop) && drop[j] == t.ID {
			continue
		}
		kept = append(kept, t)
	}
	if cap(kept) > 2*len(kept)+8 {
		return slices.Clone(kept)
	}
	return kept
}
