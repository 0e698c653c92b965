package profile

import "fmt"

// DefaultTermLimit is the bound a live profiler gives its corpus (see
// SetTermLimit): 2^16 terms that no channel profile holds, about 9 MB
// (a term's stats, its slot in the term index and its string).
const DefaultTermLimit = 1 << 16

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

// Over reports whether more terms than the limit are held by no channel
// window, so that Prune would drop some.
func (c *Corpus) Over() bool { return c.limit > 0 && c.unref > c.limit }

// Prune drops terms when more than the limit set by SetTermLimit are held
// by no channel window, down to seven eighths of it: the rarest first
// (lowest document frequency; all above 64 count as one class), among
// equally rare the least recently seen (to within 1/4096 of the corpus's
// age, the resolution of the pass that chooses them). This is the
// space-bounded count of the corpus: a dropped term's count is forgotten,
// and when the term is seen again it counts from zero, so its df falls
// short by at most Pruned and its idf is overstated by at most
// ln(Pruned+1). The terms dropped are the ones nearest to being seen once
// (most lexical affinities are), whose idf is near ln N anyway. TakeDelta
// reports each dropped term with minus its persisted count, so that a
// store holds the same bounded table. Prune takes time in the number of
// terms held, and none unless the limit is passed.
//
// Call Prune where no Doc is in use outside the channel windows: a Doc
// returned by Add names terms no window holds until a channel folds it,
// and Prune may drop and reuse them. Channel.Fold does not prune.
func (c *Corpus) Prune() {
	if !c.Over() {
		return
	}
	drop := c.unref - (c.limit - c.limit/8)
	class, below := c.rarest(drop)
	shift := ageShift(c.n)
	now := uint32(c.n)
	var ages [ageBuckets]int
	for id := range uint32(c.terms.len()) {
		st := c.terms.at(id)
		if st.refs != 0 || st.term == "" {
			continue
		}
		switch k := dfClass(st.df); {
		case k < class:
			c.drop(id)
		case k == class:
			ages[(now-st.seen)>>shift]++
		}
	}
	oldest, rest := oldestAges(&ages, drop-below)
	for id := range uint32(c.terms.len()) {
		st := c.terms.at(id)
		if rest == 0 && oldest == ageBuckets {
			break
		}
		if st.refs != 0 || st.term == "" || dfClass(st.df) != class {
			continue
		}
		switch age := int((now - st.seen) >> shift); {
		case age > oldest:
			c.drop(id)
		case age == oldest && rest > 0:
			c.drop(id)
			rest--
		}
	}
}

// dfClasses is how many document frequencies Prune tells apart: 0 to 63,
// and 64 or more.
const dfClasses = 65

// ageBuckets is how finely Prune orders equally rare terms by recency.
const ageBuckets = 4096

// dfClass returns the rarity class of a document frequency.
func dfClass(df int64) int { return int(min(df, dfClasses-1)) }

// rarest returns the rarity class from which Prune must take some of the
// drop terms it drops (all of every rarer class), and how many the rarer
// classes hold.
func (c *Corpus) rarest(drop int) (class, below int) {
	var count [dfClasses]int
	for id := range uint32(c.terms.len()) {
		if st := c.terms.at(id); st.refs == 0 && st.term != "" {
			count[dfClass(st.df)]++
		}
	}
	for class = 0; class < dfClasses-1 && below+count[class] < drop; class++ {
		below += count[class]
	}
	return class, below
}

// ageShift returns the shift that maps an age in items (at most n) to one
// of ageBuckets buckets.
func ageShift(n int64) uint {
	shift := uint(0)
	for uint64(uint32(n))>>shift >= ageBuckets {
		shift++
	}
	return shift
}

// oldestAges returns, for taking want terms from the oldest age buckets
// first, the youngest bucket to take from and how many to take there;
// every older bucket is taken whole. It returns ageBuckets, 0 when want
// is 0.
func oldestAges(ages *[ageBuckets]int, want int) (bucket, rest int) {
	for bucket = ageBuckets - 1; bucket >= 0 && want > 0; bucket-- {
		if ages[bucket] >= want {
			return bucket, want
		}
		want -= ages[bucket]
	}
	return ageBuckets, 0
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
