package profile

import (
	"cmp"
	"fmt"
	"slices"
)

// DefaultTermLimit is the bound a live profiler gives its corpus (see
// SetTermLimit): 2^18 terms that no channel profile holds, about 30 MB.
const DefaultTermLimit = 1 << 18

// victim is a term Prune may drop, with what orders the choice.
type victim struct {
	df   int64
	seen int64
	id   uint32
}

// SetTermLimit bounds the terms the corpus keeps that no channel window
// holds to n (0, the default, keeps every term; a negative n is an
// error). The terms of channel windows are always kept, with their counts,
// since the profiles weigh them.
func (c *Corpus) SetTermLimit(n int) error {
	if n < 0 {
		return fmt.Errorf("profile: term limit %d is negative", n)
	}
	c.limit = n
	return nil
}

// Pruned returns the largest document frequency Prune has dropped so far
// (0 when it dropped nothing): the most by which the df of a term seen
// again after being dropped can fall short.
func (c *Corpus) Pruned() int64 { return c.pruned }

// Prune drops terms when more than the limit set by SetTermLimit are held
// by no channel window, down to seven eighths of it: the rarest first
// (lowest document frequency), among equally rare the least recently seen.
// This is the space-bounded count of the corpus: a dropped term's count is
// forgotten, and when the term is seen again it counts from zero, so its
// df falls short by at most Pruned and its idf is overstated by at most
// ln(Pruned+1). The terms the corpus drops are the ones nearest to being
// seen once (a large share of lexical affinities are), whose idf is near
// ln N anyway. TakeDelta reports each dropped term with minus its persisted
// count, so that a store holds the same bounded table.
//
// Call Prune where no Doc is in use outside the channel windows: a Doc
// returned by Add names terms no window holds until a channel folds it,
// and Prune may drop and reuse them. Channel.Fold does not prune.
func (c *Corpus) Prune() {
	if c.limit == 0 || c.unref <= c.limit {
		return
	}
	keep := c.limit - c.limit/8
	c.scan = c.scan[:0]
	for id := range uint32(c.terms.len()) {
		if st := c.terms.at(id); st.refs == 0 && st.term != "" {
			c.scan = append(c.scan, victim{df: st.df, seen: st.seen, id: id})
		}
	}
	slices.SortFunc(c.scan, func(a, b victim) int {
		if d := cmp.Compare(a.df, b.df); d != 0 {
			return d
		}
		return cmp.Compare(a.seen, b.seen)
	})
	for _, v := range c.scan[:len(c.scan)-keep] {
		c.drop(v.id)
	}
}

// drop forgets one term that no window holds and frees its ID.
func (c *Corpus) drop(id uint32) {
	st := c.terms.at(id)
	if st.base != 0 {
		if c.delta.dropped == nil {
			c.delta.dropped = make(map[string]int64)
		}
		c.delta.dropped[st.term] -= st.base
	}
	c.pruned = max(c.pruned, st.df)
	c.ids.remove(st.term, c.Term)
	*st = termStat{}
	c.free = append(c.free, id)
	c.unref--
}
