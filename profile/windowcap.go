package profile

import (
	"cmp"
	"slices"
	"strings"
)

// ranked is one window entry weighed for capping, with the content hash
// of its term that orders equal weights.
type ranked struct {
	w   float64
	key uint32
	id  uint32
}

// capTerms keeps at most n stems and n lexical affinities in the window:
// the heaviest under c's current idf (tf·idf; equal weights in the order
// of their terms' content hashes, then of the terms, so that a channel
// decoded in another process, whose IDs differ, keeps the same terms).
// The others leave the entries, their share of A, B and C, and every Doc
// of the ring, so that an entry's tf stays the sum of its counts in the
// ring; a term dropped here and brought again by a later item counts from
// that item on. The corpus lends the scratch space.
func (w *window) capTerms(c *Corpus, n int) {
	if len(w.ents) <= n {
		return
	}
	stems, pairs := c.ranked[:0], c.rankedPairs[:0]
	L := c.lnN
	for _, e := range w.ents {
		st := c.terms.at(e.id)
		r := ranked{w: float64(e.tf) * (L - c.ellOf(st)), key: st.key, id: e.id}
		if st.pair {
			pairs = append(pairs, r)
		} else {
			stems = append(stems, r)
		}
	}
	drop := c.heaviest(stems, n, c.marks[:0])
	drop = c.heaviest(pairs, n, drop)
	c.ranked, c.rankedPairs = stems, pairs
	if len(drop) > 0 {
		slices.Sort(drop)
		w.dropEntries(c, drop)
		w.dropFromRing(c, drop)
	}
	c.marks = drop
	w.shrink(c)
}

// heaviest orders rs heaviest first when it holds more than n and appends
// to drop the IDs beyond the first n.
func (c *Corpus) heaviest(rs []ranked, n int, drop []uint32) []uint32 {
	if len(rs) <= n {
		return drop
	}
	slices.SortFunc(rs, func(a, b ranked) int {
		switch {
		case a.w != b.w:
			return cmp.Compare(b.w, a.w)
		case a.key != b.key:
			return cmp.Compare(a.key, b.key)
		}
		return strings.Compare(c.Term(a.id), c.Term(b.id))
	})
	for _, r := range rs[n:] {
		drop = append(drop, r.id)
	}
	return drop
}

// dropFromRing removes the sorted IDs drop from every Doc of the ring,
// packing again those that held one.
func (w *window) dropFromRing(c *Corpus, drop []uint32) {
	for i := range w.size {
		j := (w.head + i) % w.k
		d := w.ring[j].unpack(c.evicted)
		if kept := dropTerms(d, drop); len(kept) < len(d) {
			w.ring[j] = c.pack(kept)
		}
		c.evicted = d
	}
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

// dropTerms removes the sorted IDs drop from d in place.
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
	return kept
}
