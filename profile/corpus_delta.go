package profile

import (
	"fmt"
	"maps"
	"slices"
)

// deltaLog remembers which document frequencies changed since they were
// last handed out by TakeDelta, so that a store can persist them by
// increments instead of rewriting every term.
type deltaLog struct {
	baseN   int64            // N when last taken or restored
	dirty   []uint32         // terms whose df changed since (termStat.dirty set)
	dropped map[string]int64 // terms Prune dropped: minus the df last taken
}

// TakeDelta returns what changed since the previous TakeDelta (or Restore):
// n, the number of items added, and for each term whose document frequency
// changed, by how much. Adding both to the persisted counts gives the
// current ones; a term Prune dropped comes with minus its persisted
// count, which takes it to zero (a store drops such terms). The returned
// map is the caller's; the next call starts from zero again.
func (c *Corpus) TakeDelta() (n int64, delta map[string]int64) {
	d := &c.delta
	delta = make(map[string]int64, len(d.dirty)+len(d.dropped))
	for term, change := range d.dropped {
		delta[term] = change
	}
	d.dropped = nil
	for _, id := range d.dirty {
		// A dropped term's ID may be listed here, zeroed or reused by a
		// later term (listed again then): either way change is its own.
		st := c.terms.at(id)
		if change := st.df - st.base; change != 0 {
			delta[st.term] += change
		}
		st.base, st.dirty = st.df, false
	}
	d.dirty = d.dirty[:0]
	n = c.n - d.baseN
	d.baseN = c.n
	return n, delta
}

// Restore sets the corpus counts to persisted ones, at start-up: n items
// seen and the document frequency of each term (terms absent from df get
// 0). New terms are interned in term order, so IDs do not depend on map
// order; terms already interned keep their IDs. Restore before decoding
// channels: Decode weighs a channel with the corpus as it then is. The
// restored counts are taken as persisted: the next TakeDelta reports only
// what is added afterwards. It returns an error, and changes nothing, when
// n is negative or a frequency is negative or above n.
func (c *Corpus) Restore(n int64, df map[string]int64) error {
	if n < 0 {
		return fmt.Errorf("profile: unable to restore corpus: negative item count %d", n)
	}
	for term, v := range df {
		if v < 0 || v > n {
			return fmt.Errorf("profile: unable to restore corpus: document frequency %d of term %q outside [0, %d]", v, term, n)
		}
	}
	if err := c.RestoreStart(n, len(df)); err != nil {
		return err
	}
	for _, term := range slices.Sorted(maps.Keys(df)) {
		if err := c.RestoreTerm(term, df[term]); err != nil {
			return err
		}
	}
	return nil
}

// RestoreStart begins a restore piece by piece, for a state too large to
// hold whole: n items seen, every count forgotten (terms already interned
// keep their IDs), and room made for the given number of terms to come,
// so that the term index does not grow on the way. RestoreTerm then gives
// each term's count, and channels are decoded after the last. A failure
// part way leaves the corpus partly restored: discard it.
func (c *Corpus) RestoreStart(n int64, terms int) error {
	if n < 0 {
		return fmt.Errorf("profile: unable to restore corpus: negative item count %d", n)
	}
	c.ids.reserve(max(terms, 0), c.Term)
	for id := range c.terms.len() {
		st := c.terms.at(uint32(id))
		*st = termStat{term: st.term, key: st.key, refs: st.refs, pair: st.pair}
	}
	c.setN(n)
	c.delta = deltaLog{baseN: n}
	return nil
}

// RestoreTerm sets one term's persisted document frequency, after
// RestoreStart; an empty term is skipped. It returns an error for a
// frequency that is negative or above the restored N.
func (c *Corpus) RestoreTerm(term string, df int64) error {
	if df < 0 || df > c.n {
		return fmt.Errorf("profile: unable to restore corpus: document frequency %d of term %q outside [0, %d]", df, term, c.n)
	}
	if term != "" {
		st := c.terms.at(c.intern(term))
		st.df, st.base = df, df
	}
	return nil
}
