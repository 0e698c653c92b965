package change

import (
	"slices"
	"sort"
	"time"
)

// NoiseStats learns what of a page changes at nearly every fetch without
// anything new to tell (dates, counters, ad banners, session tokens),
// beyond Glance et al., who show such churn as the weakness of automatic
// histories (their Fig. 3b). It learns four kinds of noise (see
// NoiseOptions for the rules):
//
//   - blocks whose text changes at nearly every fetch (NoiseBlock);
//   - blocks whose numbers, dates and times change at nearly every fetch
//     while their other words stay put, "Updated 12:03", "1,234 views"
//     (NoiseNumbers): those tokens only are left out;
//   - blocks that alternate among a few values (NoiseValues): the block
//     is left out while it shows one of them, a new value counts;
//   - query parameters that rotate in links whose anchor text and the
//     rest of whose href stay put, cache-busters and session tokens
//     (NoiseParam); well-known trackers are left out by a fixed rule
//     (TrackerParam) without being learned.
//
// Its zero value is empty; its fields are exported so it can be stored.
type NoiseStats struct {
	// Fetches counts the fetches observed, changed or not.
	Fetches int `json:"fetches"`
	// Changed counts, per block (Line.Block), the fetches at which the
	// block's text differed from the previous version.
	Changed map[string]int `json:"changed"`
	// Numbers counts, per block, the fetches at which the block's text
	// differed only in numbers, dates and times (maskNumbers).
	Numbers map[string]int `json:"numbers,omitempty"`
	// Values remembers, per block that changed, its last distinct values
	// (BlockValue), newest first.
	Values map[string][]string `json:"values,omitempty"`
	// Returned counts, per block, the fetches at which the block changed
	// to one of its remembered values.
	Returned map[string]int `json:"returned,omitempty"`
	// ParamSeen counts, per query parameter, the changed fetches at which
	// a link carrying it could be followed from one version to the next
	// (the same anchor text and href skeleton, once on each side), and
	// Params those at which its value differed.
	ParamSeen map[string]int `json:"param_seen,omitempty"`
	Params    map[string]int `json:"params,omitempty"`
	// Since is when each noise item now learned (by NoiseItem.Key) was
	// first learned, as Mark records it.
	Since map[string]time.Time `json:"since,omitempty"`
	// Marked is when Mark last ran (zero: never, statistics stored before
	// Mark existed).
	Marked time.Time `json:"marked,omitzero"`
	// Recent remembers the page's last distinct visible states, to tell
	// a return from a change.
	Recent Recent `json:"recent"`
}

// ObserveUnchanged counts a fetch that found the page unchanged.
func (s *NoiseStats) ObserveUnchanged() {
	s.Fetches++
}

// Observe counts a fetch that found new where old was: the blocks whose
// text differs between them (ignored and noise lines included, so a
// block stays noise only while it keeps changing), those that differ in
// numbers only, those that went back to an earlier value, and the link
// parameters that rotated.
func (s *NoiseStats) Observe(old, new *Document) {
	s.Fetches++
	if s.Changed == nil {
		s.Changed = map[string]int{}
	}
	a, b := blockTexts(old), blockTexts(new)
	for k, t := range b {
		if a[k] != t {
			s.Changed[k]++
			s.observeBlock(k, a[k], t)
		}
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			s.Changed[k]++
		}
	}
	s.observeParams(old, new)
}

// observeBlock counts the change of block k from text was to text now.
// A block that was not there has no value to compare: blocks that come
// and go are mostly the tail of a list growing and shrinking (blocks are
// numbered by position), not a block alternating, so their appearances
// are not returns.
func (s *NoiseStats) observeBlock(k, was, now string) {
	if was == "" {
		return
	}
	if maskNumbers(was) == maskNumbers(now) {
		s.Numbers = bump(s.Numbers, k)
	}
	if s.Values == nil {
		s.Values = map[string][]string{}
	}
	vals := s.Values[k]
	if len(vals) == 0 {
		vals = []string{BlockValue(was)}
	}
	v := BlockValue(now)
	if i := slices.Index(vals, v); i > 0 {
		s.Returned = bump(s.Returned, k)
		vals = slices.Delete(vals, i, i+1)
	}
	s.Values[k] = append([]string{v}, vals[:min(len(vals), maxValues-1)]...)
}

// maxValues is how many distinct values of a block are remembered: an
// alternating block takes at most this many.
const maxValues = 4

// bump adds one to m[k], making m when nil.
func bump(m map[string]int, k string) map[string]int {
	if m == nil {
		m = map[string]int{}
	}
	m[k]++
	return m
}

// Blocks returns the blocks that are noise as a whole under o, sorted;
// pass them as ExtractOptions.Noise (Learn gives every kind).
func (s *NoiseStats) Blocks(o NoiseOptions) []string {
	return s.Learn(o).Blocks
}

// blockTexts maps each block of d to its text.
func blockTexts(d *Document) map[string]string {
	m := make(map[string]string)
	for _, l := range d.Lines {
		if l.Kind == TextLine {
			m[l.Block] += l.Text + "\n"
		}
	}
	return m
}

// keysWhere returns the keys of m whose value passes keep, sorted.
func keysWhere[V any](m map[string]V, keep func(k string, v V) bool) []string {
	var out []string
	for k, v := range m {
		if keep(k, v) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
