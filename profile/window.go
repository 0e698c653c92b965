package profile

import (
	"cmp"
	"math"
	"slices"
)

// window is a channel's last k Docs and the term frequencies over them,
// kept so that the similarity between the profile before and after each new
// item needs the idf of the terms that enter and leave only.
//
// With weights w(t) = tf(t)·idf(t) and idf(t) = L − ℓ(t), L = ln N and
// ℓ(t) = ln df(t), only the terms of the entering and leaving Docs change
// tf, so
//
//	P_prev·P_new = |P_prev|² + Σ tf_prev(t)·(tf_new(t) − tf_prev(t))·idf(t)²
//	|P_new|²     = |P_prev|² + Σ (tf_new(t)² − tf_prev(t)²)·idf(t)²
//
// summing over the changed terms. |P_prev|² = L²·A − 2L·B + C with
// A = Σ tf², B = Σ tf²·ℓ, C = Σ tf²·ℓ², where each term's ℓ is the value
// it had when its entry was last renewed: when the term last entered with
// an item, or at the last refresh. L is exact; ℓ of other terms may be
// stale, because df grows as other channels publish. That is the one
// approximation (bounded by the tests; Config.Exact replaces |P_prev|² by a
// full pass with current idf). A term leaves the window within k items of
// its channel unless it enters again, which renews it; and refresh renews
// every ℓ before a push once the corpus has grown by more than a sixteenth
// since the last renewal, which catches a slow channel among busy ones
// (over a channel's life that is about 16·ln N passes).
//
// The entries are kept sorted by term ID, and a push merges the entering
// and leaving Docs into them in one sequential pass, into a buffer lent by
// the corpus (the two then swap buffers, so a channel holds one). Each
// term an entry holds is retained in the corpus while it does. Memory is
// read in order, which is cheap even when the channel is cold; no map is
// needed; and every sum is taken in a fixed order, so results do not
// depend on map order.
type window struct {
	k       int
	ring    []packedDoc // the last k Docs; ring[head] is the oldest once full
	head    int
	size    int
	ents    []entry // sorted by id, tf > 0
	a, b, c float64
	freshN  int64 // corpus N at the last refresh
}

// entry is one term's frequency in the window and its ℓ = ln df when the
// entry was last renewed.
type entry struct {
	id  uint32
	tf  uint32
	ell float64
}

// sums are the adjustments a push makes: to the dot product and squared
// norm (see window), their rounding scale, and to A, B and C.
type sums struct {
	dot, norm, scale float64
	a, b, c          float64
}

func newWindow(k int) window {
	return window{k: k, ring: make([]packedDoc, k)}
}

// push adds d as the newest Doc, evicting the oldest when the window is
// full, and returns the cosine between the profiles before and after,
// under the corpus's current idf (0 when either profile is empty).
func (w *window) push(c *Corpus, d Doc, exact bool) float64 {
	if c.n-w.freshN > w.freshN/16 {
		w.refresh(c)
	}
	var prev2 float64
	if exact {
		prev2 = w.fullNorm2(c)
	}
	out := w.enter(c, d)
	L := c.lnN
	adj := w.merge(c, d, out, L, exact)
	if !exact {
		prev2 = w.approxNorm2(L) // with the entering terms renewed
	}
	w.a += adj.a
	w.b += adj.b
	w.c += adj.c
	if len(w.ents) == 0 {
		w.a, w.b, w.c = 0, 0, 0
	}
	new2 := prev2 + adj.norm
	if new2 <= 1e-12*(prev2+adj.scale) {
		new2 = 0 // the new profile is zero up to rounding
	}
	return profileCosine(prev2, prev2+adj.dot, new2)
}

// enter places d in the ring and returns the Doc it evicts, if any, in
// the corpus's scratch space (valid until the next enter of any window).
func (w *window) enter(c *Corpus, d Doc) Doc {
	p := c.pack(d)
	if w.size < w.k {
		w.ring[(w.head+w.size)%w.k] = p
		w.size++
		return nil
	}
	old := w.ring[w.head]
	w.ring[w.head] = p
	w.head = (w.head + 1) % w.k
	c.evicted = old.unpack(c.evicted)
	return c.evicted
}

// merge folds the entering Doc in and the leaving Doc out of the entries
// and returns the adjustments. It renews the ℓ of the entering terms (the
// item has just moved their df), moving their share of B and C at once;
// terms that only leave keep their ℓ, as untouched terms do, which spares
// a corpus lookup per term, unless exact asks for every changed term's
// current idf.
func (w *window) merge(c *Corpus, in, out Doc, L float64, exact bool) sums {
	var adj sums
	next := c.spare[:0]
	ents := w.ents
	i, j, m := 0, 0, 0
	for j < len(in) || m < len(out) {
		id := nextID(in[j:], out[m:])
		k := i
		for k < len(ents) && ents[k].id < id {
			k++
		}
		next = append(next, ents[i:k]...) // the untouched run
		i = k
		e, held := entry{id: id}, false
		if i < len(ents) && ents[i].id == id {
			e, held = ents[i], true
			i++
		}
		var add, del uint32
		if j < len(in) && in[j].ID == id {
			add = in[j].Count
			j++
		}
		if m < len(out) && out[m].ID == id {
			del = out[m].Count
			m++
		}
		e, kept := w.step(c, e, add, del, L, exact, &adj)
		switch {
		case kept:
			next = append(next, e)
			if !held {
				c.retain(id)
			}
		case held:
			c.release(id)
		}
	}
	next = append(next, ents[i:]...)
	c.spare, w.ents = ents[:0], next
	return adj
}

// nextID returns the lowest term ID at the head of in or out, one of which
// is not empty.
func nextID(in, out Doc) uint32 {
	id := uint32(math.MaxUint32)
	if len(in) > 0 {
		id = in[0].ID
	}
	if len(out) > 0 {
		id = min(id, out[0].ID)
	}
	return id
}

// step changes the frequency of entry e by +add −del, accounting for it in
// adj, and returns the entry and whether it stays in the window.
func (w *window) step(c *Corpus, e entry, add, del uint32, L float64, exact bool, adj *sums) (entry, bool) {
	if add > 0 || exact {
		w.reweigh(&e, c.ell(e.id))
	}
	tf := e.tf + add - del
	adj.add(float64(e.tf), float64(tf), L, e.ell)
	e.tf = tf
	return e, tf > 0
}

// reweigh moves entry e's share of B and C from its old ℓ to ell.
func (w *window) reweigh(e *entry, ell float64) {
	t2 := float64(e.tf) * float64(e.tf)
	w.b += t2 * (ell - e.ell)
	w.c += t2 * (ell*ell - e.ell*e.ell)
	e.ell = ell
}

// add accounts for one term whose frequency goes from p to n.
func (s *sums) add(p, n, L, ell float64) {
	idf := L - ell
	i2 := idf * idf
	d2 := n*n - p*p
	s.dot += p * (n - p) * i2
	s.norm += d2 * i2
	s.scale += (n*n + p*p) * i2
	s.a += d2
	s.b += d2 * ell
	s.c += d2 * ell * ell
}

// approxNorm2 returns |P|² = L²A − 2LB + C, or 0 when that is within
// rounding of zero.
func (w *window) approxNorm2(L float64) float64 {
	n2 := L*L*w.a - 2*L*w.b + w.c
	if n2 <= 1e-12*(L*L*w.a+w.c) {
		return 0
	}
	return n2
}

// fullNorm2 returns |P|² by a full pass with every term's current idf.
func (w *window) fullNorm2(c *Corpus) float64 {
	var s float64
	for _, e := range w.ents {
		x := float64(e.tf) * c.idf(e.id)
		s += x * x
	}
	return s
}

// refresh renews every entry's ℓ and recomputes A, B and C from scratch,
// which also drops the rounding the running sums gathered.
func (w *window) refresh(c *Corpus) {
	w.freshN = c.n
	w.a, w.b, w.c = 0, 0, 0
	for i := range w.ents {
		e := &w.ents[i]
		e.ell = c.ell(e.id)
		t2 := float64(e.tf) * float64(e.tf)
		w.a += t2
		w.b += t2 * e.ell
		w.c += t2 * e.ell * e.ell
	}
}

// load fills an empty window with docs, oldest first (at most k of them).
func (w *window) load(c *Corpus, docs []Doc) {
	tf := make(map[uint32]uint32)
	for _, d := range docs {
		w.enter(c, d)
		for _, e := range d {
			tf[e.ID] += e.Count
		}
	}
	w.ents = w.ents[:0]
	for id, n := range tf {
		w.ents = append(w.ents, entry{id: id, tf: n})
	}
	slices.SortFunc(w.ents, func(a, b entry) int { return cmp.Compare(a.id, b.id) })
	for _, e := range w.ents {
		c.retain(e.id)
	}
	w.refresh(c)
}

// docs returns the window's Docs, oldest first.
func (w *window) docs() []Doc {
	out := make([]Doc, 0, w.size)
	for i := range w.size {
		out = append(out, w.ring[(w.head+i)%w.k].unpack(nil))
	}
	return out
}

// profileCosine returns dot/sqrt(prev2·new2) clamped to [0, 1], or 0 when
// either squared norm is not positive.
func profileCosine(prev2, dot, new2 float64) float64 {
	if prev2 <= 0 || new2 <= 0 {
		return 0
	}
	return clamp01(dot / math.Sqrt(prev2*new2))
}
