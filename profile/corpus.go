package profile

import (
	"math"
	"slices"
	"strings"
)

// TermCount is one distinct term of an item, by its interned ID, and how
// often the term occurs in the item.
type TermCount struct {
	ID    uint32
	Count uint32
}

// Doc is an item's bag of terms: interned term IDs with their counts, sorted
// by ID, each ID once.
type Doc []TermCount

// Corpus holds the collection statistics behind the dynamic idf of Roitman
// et al. §4.2.1: N, the number of items seen on all channels so far, and for
// each term t its document frequency df(t), the number of those items that
// contain t. Then idf(t) = ln(N / df(t)), which changes as items arrive; a
// term with df(t) = 0 (never counted) has idf 0.
//
// The Corpus also interns terms to dense IDs that the rest of the package
// works on. IDs are local to the process: persist strings, never IDs.
//
// By default the corpus keeps every term it has seen, for ever: the exact
// dynamic idf the paper defines, whose memory grows with every distinct
// term (lexical affinities make that tens of millions within a year of
// news). SetTermLimit bounds it: see Prune.
//
// Channels fold their items through the corpus they share (and borrow its
// scratch space), so neither the corpus nor those channels may be used
// concurrently. The zero value is an empty corpus ready to use.
type Corpus struct {
	ids   termIndex
	terms chunked[termStat] // by term ID
	n     int64
	lnN   float64
	keys  []uint64  // scratch of Add: ID<<32 | count per distinct term
	logs  []float64 // ln i for small i, the most frequent document frequencies
	delta deltaLog
	spare []entry // a buffer lent to the channel windows folding items

	limit       int      // most unreferenced terms kept; 0 keeps every term
	unref       int      // interned terms no window holds
	free        []uint32 // IDs of dropped terms, reused by intern
	pruned      int64    // the largest document frequency Prune has dropped
	marks       []uint32 // scratch of capTerms: term IDs to drop
	ranked      []ranked // scratch of capTerms: stems
	rankedPairs []ranked // scratch of capTerms: affinities
	packing     []byte   // scratch of pack
	evicted     Doc      // scratch of the windows: a Doc unpacked from a ring
}

// termStat is what the corpus knows of one term: 56 bytes, since a live
// profiler holds hundreds of thousands.
type termStat struct {
	term  string
	df    int64
	base  int64  // df when last taken by TakeDelta or restored
	seen  uint32 // the item (N after it, modulo 2^32) that last contained the term
	key   uint32 // FNV-1a of the term: a content order for equal weights
	at    uint32 // the term's place in keys while Add reads that item
	refs  uint32 // how many channel windows hold the term
	dirty bool   // df changed since base
	pair  bool   // a lexical affinity (two stems joined by a space)
}

// Add counts one newly seen item whose terms are given (repeats allowed,
// empty strings skipped): N grows by one and df by one for each distinct
// term. It returns the item's Doc, interning new terms.
func (c *Corpus) Add(terms []string) Doc {
	item := c.n + 1
	mark := uint32(item) // equal to an older item's only 2^32 items apart
	c.keys = c.keys[:0]
	for _, t := range terms {
		if t == "" {
			continue
		}
		id := c.intern(t)
		st := c.terms.at(id)
		if st.seen == mark {
			c.keys[st.at]++
			continue
		}
		st.seen, st.at = mark, uint32(len(c.keys))
		c.keys = append(c.keys, uint64(id)<<32|1)
		c.countTerm(id, st)
	}
	slices.Sort(c.keys) // by ID, each once
	doc := make(Doc, len(c.keys))
	for i, k := range c.keys {
		doc[i] = TermCount{ID: uint32(k >> 32), Count: uint32(k)}
	}
	c.setN(item)
	return doc
}

// N returns the number of items seen so far.
func (c *Corpus) N() int64 { return c.n }

// Len returns the number of distinct terms the corpus holds: every term
// seen so far, less those Prune dropped.
func (c *Corpus) Len() int { return c.terms.len() - len(c.free) }

// DF returns the document frequency of term: how many items seen so far
// contain it.
func (c *Corpus) DF(term string) int64 {
	id, ok := c.find(term)
	if !ok {
		return 0
	}
	return c.terms.at(id).df
}

// IDF returns ln(N / df(term)), or 0 for a term never counted.
func (c *Corpus) IDF(term string) float64 {
	id, ok := c.find(term)
	if !ok {
		return 0
	}
	return c.idf(id)
}

// ID returns the interned ID of term and whether it is known.
func (c *Corpus) ID(term string) (uint32, bool) {
	id, ok := c.find(term)
	return id, ok
}

// Term returns the term interned as id, or "" for an unknown ID.
func (c *Corpus) Term(id uint32) string {
	if int(id) >= c.terms.len() { // a dropped term's ID gives "" too
		return ""
	}
	return c.terms.at(id).term
}

// intern returns term's ID, assigning a free one (a dropped term's, or
// the next) to a new term without counting it.
func (c *Corpus) intern(term string) uint32 {
	if id, ok := c.find(term); ok {
		return id
	}
	term = strings.Clone(term) // do not pin the caller's larger text
	st := termStat{term: term, key: contentKey(term), pair: strings.IndexByte(term, ' ') >= 0}
	var id uint32
	if n := len(c.free); n > 0 {
		id, c.free = c.free[n-1], c.free[:n-1]
		*c.terms.at(id) = st
	} else {
		id = uint32(c.terms.len())
		c.terms.push(st)
	}
	c.ids.add(term, id, c.Term)
	c.unref++
	return id
}

// retain records that one more window holds id.
func (c *Corpus) retain(id uint32) {
	st := c.terms.at(id)
	if st.refs == 0 {
		c.unref--
	}
	st.refs++
}

// release records that a window no longer holds id; the term may then be
// dropped by Prune.
func (c *Corpus) release(id uint32) {
	st := c.terms.at(id)
	st.refs--
	if st.refs == 0 {
		c.unref++
	}
}

// isPair reports whether id is a lexical affinity.
func (c *Corpus) isPair(id uint32) bool { return c.terms.at(id).pair }

// find returns the ID of term, if interned.
func (c *Corpus) find(term string) (uint32, bool) {
	return c.ids.find(term, c.Term)
}

// countTerm adds one item to the document frequency of id, whose stats
// are st.
func (c *Corpus) countTerm(id uint32, st *termStat) {
	st.df++
	if !st.dirty {
		st.dirty = true
		c.delta.dirty = append(c.delta.dirty, id)
	}
}

func (c *Corpus) setN(n int64) {
	c.n = n
	c.lnN = lnSafe(n)
}

// ln returns ln df, from a table for small values.
func (c *Corpus) ln(df int64) float64 {
	const small = 4096
	if c.logs == nil {
		c.logs = make([]float64, small)
		for i := 1; i < small; i++ {
			c.logs[i] = math.Log(float64(i))
		}
	}
	if df >= 0 && df < small {
		return c.logs[df]
	}
	return lnSafe(df)
}

// lnSafe is ln x for x > 0 and 0 otherwise.
func lnSafe(x int64) float64 {
	if x <= 0 {
		return 0
	}
	return math.Log(float64(x))
}

// ell returns ln df(id) as the profiles use it: idf = ln N − ell. For a term
// never counted it returns ln N, so that its idf is 0.
func (c *Corpus) ell(id uint32) float64 {
	if int(id) >= c.terms.len() {
		return c.lnN
	}
	return c.ellOf(c.terms.at(id))
}

// ellOf is ell of the term whose stats are st.
func (c *Corpus) ellOf(st *termStat) float64 {
	if st.df > 0 {
		return c.ln(st.df)
	}
	return c.lnN
}

// contentKey returns the 32-bit FNV-1a hash of term, the same in every
// process.
func contentKey(term string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(term); i++ {
		h = (h ^ uint32(term[i])) * 16777619
	}
	return h
}

// idf returns the current idf of id.
func (c *Corpus) idf(id uint32) float64 { return c.lnN - c.ell(id) }
