package profile

import (
	"cmp"
	"math"
	"slices"
	"sync"
)

// MaxTerms is how many of a profile's heaviest terms the Index keeps.
const MaxTerms = 64

// Index finds channels by profile through an inverted index from term to
// the channels whose indexed vector holds it.
//
// Put keeps only a vector's MaxTerms heaviest terms, each weight divided by
// the norm of the full vector. A search score is therefore the cosine
// between the query and the channel's full profile restricted to the kept
// terms: the share of the profile's length beyond them counts against it
// (it is what a channel's lighter terms would add), so scores never
// overstate a match.
//
// Vectors put and queries must come from the same Corpus (term IDs are
// its). Search may run concurrently with other Searches; Put and Remove
// need exclusive access. The zero value is an empty index ready to use.
type Index struct {
	slots map[int64]uint32
	docs  []indexed
	free  []uint32
	lists []*postings // by term ID; nil for a term no channel holds
	pool  sync.Pool   // *accumulator, for concurrent searches
}

// indexed is the kept vector of one channel (or an unused slot).
type indexed struct {
	id    int64
	used  bool
	gen   uint32 // postings of other generations are stale
	ids   []uint32
	ws    []float64 // weight / norm of the full vector
	ratio float64   // norm of the kept weights
	// byWeight lists the positions in ids, heaviest first (equal weights
	// by lower ID).
	byWeight []uint8
}

// posting is one channel holding a term, valid while gen is its slot's.
type posting struct {
	slot, gen uint32
	w         float64
}

// postings is the list of one term; stale counts entries no longer valid,
// which are dropped once they make up half of it (each drop at least
// halves the list, so it costs O(1) per retired posting, and a term only
// one channel holds keeps at most one stale posting: most lexical
// affinities are such terms).
type postings struct {
	p     []posting
	stale int
}

func (l *postings) live() int { return len(l.p) - l.stale }

// Len returns the number of channels indexed.
func (x *Index) Len() int { return len(x.slots) }

// Put indexes channel id with profile v, replacing what id had; an empty v
// leaves id indexed with no terms. Replacing costs the size of the old and
// the new kept vectors (stale postings are dropped lazily).
func (x *Index) Put(id int64, v Vector) {
	if x.slots == nil {
		x.slots = make(map[int64]uint32)
	}
	s, ok := x.slots[id]
	if ok {
		x.retire(s)
	} else {
		s = x.alloc(id)
	}
	d := &x.docs[s]
	d.ids, d.ws, d.ratio, d.byWeight = keep(v)
	for i, t := range d.ids {
		l := x.list(t)
		l.p = append(l.p, posting{slot: s, gen: d.gen, w: d.ws[i]})
	}
}

// list returns the postings of term t, making them if needed.
func (x *Index) list(t uint32) *postings {
	if int(t) >= len(x.lists) {
		x.lists = append(x.lists, make([]*postings, int(t)+1-len(x.lists))...)
	}
	if x.lists[t] == nil {
		x.lists[t] = &postings{}
	}
	return x.lists[t]
}

// postingsOf returns the postings of term t, nil when no channel holds it.
func (x *Index) postingsOf(t uint32) *postings {
	if int(t) >= len(x.lists) {
		return nil
	}
	return x.lists[t]
}

// Remove drops channel id from the index, if it is there.
func (x *Index) Remove(id int64) {
	s, ok := x.slots[id]
	if !ok {
		return
	}
	x.retire(s)
	x.docs[s] = indexed{gen: x.docs[s].gen}
	delete(x.slots, id)
	x.free = append(x.free, s)
}

// alloc gives id a slot, reusing a freed one when there is one.
func (x *Index) alloc(id int64) uint32 {
	var s uint32
	if n := len(x.free); n > 0 {
		s = x.free[n-1]
		x.free = x.free[:n-1]
	} else {
		s = uint32(len(x.docs))
		x.docs = append(x.docs, indexed{})
	}
	x.docs[s].id, x.docs[s].used = id, true
	x.slots[id] = s
	return s
}

// retire makes the postings of slot s stale.
func (x *Index) retire(s uint32) {
	d := &x.docs[s]
	d.gen++
	for _, t := range d.ids {
		l := x.lists[t]
		l.stale++
		if 2*l.stale >= len(l.p) {
			x.compact(t, l)
		}
	}
}

// compact drops the stale postings of term t.
func (x *Index) compact(t uint32, l *postings) {
	l.p = slices.DeleteFunc(l.p, func(p posting) bool { return !x.valid(p) })
	l.stale = 0
	if len(l.p) == 0 {
		x.lists[t] = nil
	}
}

func (x *Index) valid(p posting) bool { return x.docs[p.slot].gen == p.gen }

// keep returns v's MaxTerms heaviest terms (equal weights by lower ID),
// sorted by ID, weighted by w/|v|, the norm of the kept weights, and the
// positions of the kept terms heaviest first.
func keep(v Vector) (ids []uint32, ws []float64, ratio float64, byWeight []uint8) {
	norm := v.Norm()
	if norm == 0 {
		return nil, nil, 0, nil
	}
	order := make([]int, v.Len())
	for i := range order {
		order[i] = i
	}
	heavier := func(i, j int) int {
		if c := cmp.Compare(v.ws[j], v.ws[i]); c != 0 {
			return c
		}
		return cmp.Compare(v.ids[i], v.ids[j])
	}
	slices.SortFunc(order, heavier)
	order = order[:min(len(order), MaxTerms)]
	kept := slices.Clone(order)
	slices.Sort(kept) // positions in v, so ID order
	ids, ws = make([]uint32, len(kept)), make([]float64, len(kept))
	var s float64
	for k, i := range kept {
		ids[k], ws[k] = v.ids[i], v.ws[i]/norm
		s += ws[k] * ws[k]
	}
	byWeight = make([]uint8, len(order))
	for rank, i := range order {
		k, _ := slices.BinarySearch(kept, i)
		byWeight[rank] = uint8(k)
	}
	return ids, ws, math.Sqrt(s), byWeight
}
