package change

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// NoiseOptions says when something is noise; zero fields take the
// defaults.
type NoiseOptions struct {
	// Share is the least share of fetches at which a block (its numbers)
	// changed to be noise, of a block's changes that went back to an
	// earlier value for it to alternate, and of the fetches at which a
	// link parameter could be followed that it rotated; 0 means 0.8.
	Share float64
	// MinFetches is the least number of fetches observed before any block
	// is called noise; 0 means 5.
	MinFetches int
	// MinReturns is the least number of times a block went back to an
	// earlier value, and a link parameter rotated, before either is
	// noise; 0 means 2.
	MinReturns int
	// KeepNumbers learns no numbers: set when a follower's condition
	// reads a number of the page (above, below, changes-by), which a
	// learned counter must never hide. Blocks whose numbers alone change
	// are then not learned as whole blocks either.
	KeepNumbers bool
	// Forgotten are the keys (NoiseItem.Key) of items the page's owner
	// undid: never learned again. Forgetting any item of a block forbids
	// every kind of it (block, numbers, values): the owner said the block
	// matters.
	Forgotten []string
}

// withDefaults fills the zero fields.
func (o NoiseOptions) withDefaults() NoiseOptions {
	if o.Share == 0 {
		o.Share = 0.8
	}
	if o.MinFetches == 0 {
		o.MinFetches = 5
	}
	if o.MinReturns == 0 {
		o.MinReturns = 2
	}
	return o
}

// The kinds of noise item.
const (
	// NoiseBlock is a block whose text changes at nearly every fetch.
	NoiseBlock = "block"
	// NoiseNumbers is a block whose numbers, dates and times change at
	// nearly every fetch, its other words staying put.
	NoiseNumbers = "numbers"
	// NoiseValues is a block that alternates among a few values.
	NoiseValues = "values"
	// NoiseParam is a query parameter that rotates in links whose anchor
	// text stays the same.
	NoiseParam = "param"
)

// NoiseItem is one thing learned to be noise.
type NoiseItem struct {
	// Key names the item: its Kind, a colon and its Target
	// ("numbers:body/p#updated:0", "param:v").
	Key string `json:"key"`
	// Kind is NoiseBlock, NoiseNumbers, NoiseValues or NoiseParam.
	Kind string `json:"kind"`
	// Target is the block (Line.Block) or the parameter's name.
	Target string `json:"target"`
	// Since is when the item was learned (zero when not recorded).
	Since time.Time `json:"since,omitzero"`
}

// ParseNoiseKey checks a NoiseItem key and returns its kind and target.
func ParseNoiseKey(key string) (kind, target string, err error) {
	kind, target, ok := strings.Cut(key, ":")
	if !ok || target == "" || !slices.Contains([]string{NoiseBlock, NoiseNumbers, NoiseValues, NoiseParam}, kind) {
		return "", "", fmt.Errorf("noise key %q is not block:, numbers:, values: or param: followed by what was learned", key)
	}
	return kind, target, nil
}

// Learned is what a page's noise statistics leave out, as ExtractOptions
// take it.
type Learned struct {
	// Blocks are noise as a whole (ExtractOptions.Noise).
	Blocks []string
	// Numbers are blocks whose numbers are noise (NoiseNumbers).
	Numbers []string
	// Values are the known values of alternating blocks (NoiseValues).
	Values []string
	// Params are rotating link parameters (NoiseParams).
	Params []string
}

// Apply returns o leaving out what was learned.
func (l Learned) Apply(o ExtractOptions) ExtractOptions {
	o.Noise, o.NoiseNumbers, o.NoiseValues, o.NoiseParams = l.Blocks, l.Numbers, l.Values, l.Params
	return o
}

// Learn returns what is noise under o. A block is noise as a whole when
// it changed at Share of the fetches or more; but when its numbers alone
// changed that often it is learned as numbers, and when at least
// MinReturns of its changes, and Share of them, went back to one of its
// last few values it is learned as alternating, both of which let a real
// change of the block still count. A link parameter is noise when it
// rotated at least MinReturns times and at Share of the fetches at which
// its link could be followed. Nothing is learned before MinFetches
// fetches, nor anything the owner forgot.
func (s *NoiseStats) Learn(o NoiseOptions) Learned {
	o = o.withDefaults()
	var l Learned
	if s.Fetches < o.MinFetches {
		return l
	}
	blocks, params := forgotten(o.Forgotten)
	often := func(n int) bool { return float64(n) >= o.Share*float64(s.Fetches) }
	numbers := func(k string) bool { return !blocks[k] && often(s.Numbers[k]) }
	alternates := func(k string) bool {
		r := s.Returned[k]
		return !blocks[k] && !numbers(k) && r >= o.MinReturns && float64(r) >= o.Share*float64(s.Changed[k])
	}
	if !o.KeepNumbers {
		l.Numbers = keysWhere(s.Numbers, func(k string, _ int) bool { return numbers(k) })
	}
	for _, k := range keysWhere(s.Returned, func(k string, _ int) bool { return alternates(k) }) {
		for _, v := range s.Values[k] {
			l.Values = append(l.Values, valueKey(k, v))
		}
	}
	l.Blocks = keysWhere(s.Changed, func(k string, n int) bool {
		return !blocks[k] && often(n) && !numbers(k) && !alternates(k)
	})
	l.Params = keysWhere(s.Params, func(p string, n int) bool {
		return !params[p] && n >= o.MinReturns && float64(n) >= o.Share*float64(s.ParamSeen[p])
	})
	return l
}

// forgotten splits the forgotten keys into blocks and parameters; keys
// that do not parse are left out.
func forgotten(keys []string) (blocks, params map[string]bool) {
	blocks, params = map[string]bool{}, map[string]bool{}
	for _, key := range keys {
		kind, target, err := ParseNoiseKey(key)
		switch {
		case err != nil:
		case kind == NoiseParam:
			params[target] = true
		default:
			blocks[target] = true
		}
	}
	return blocks, params
}

// Items lists what is noise under o, one item per block or parameter,
// sorted by key, with when each was learned (Mark).
func (s *NoiseStats) Items(o NoiseOptions) []NoiseItem {
	l := s.Learn(o)
	var out []NoiseItem
	add := func(kind string, targets []string) {
		for _, t := range targets {
			key := kind + ":" + t
			out = append(out, NoiseItem{Key: key, Kind: kind, Target: t, Since: s.Since[key]})
		}
	}
	add(NoiseBlock, l.Blocks)
	add(NoiseNumbers, l.Numbers)
	var alternating []string
	for _, v := range l.Values {
		if b, _ := splitValueKey(v); !slices.Contains(alternating, b) {
			alternating = append(alternating, b)
		}
	}
	add(NoiseValues, alternating)
	add(NoiseParam, l.Params)
	slices.SortFunc(out, func(a, b NoiseItem) int { return strings.Compare(a.Key, b.Key) })
	return out
}

// Mark records at as the time each item now learned under o was first
// learned, and forgets the times of items no longer learned (an item
// learned again later is new again).
func (s *NoiseStats) Mark(at time.Time, o NoiseOptions) {
	s.Marked = at
	items := s.Items(o)
	now := make(map[string]bool, len(items))
	for _, it := range items {
		now[it.Key] = true
		if _, ok := s.Since[it.Key]; !ok {
			if s.Since == nil {
				s.Since = map[string]time.Time{}
			}
			s.Since[it.Key] = at
		}
	}
	for k := range s.Since {
		if !now[k] {
			delete(s.Since, k)
		}
	}
}

// Recorded lists the items Mark last recorded as learned, sorted by key,
// less those o.Forgotten names: what a monitor that marks after each
// change leaves out until its next mark, and what a page view lists.
// Statistics never marked (stored before Mark existed) give Items(o).
func (s *NoiseStats) Recorded(o NoiseOptions) []NoiseItem {
	if s.Marked.IsZero() {
		return s.Items(o)
	}
	blocks, params := forgotten(o.Forgotten)
	var out []NoiseItem
	for key, at := range s.Since {
		kind, target, err := ParseNoiseKey(key)
		if err != nil || (kind == NoiseParam && params[target]) || (kind != NoiseParam && blocks[target]) {
			continue
		}
		out = append(out, NoiseItem{Key: key, Kind: kind, Target: target, Since: at})
	}
	slices.SortFunc(out, func(a, b NoiseItem) int { return strings.Compare(a.Key, b.Key) })
	return out
}

// Leave returns what items leave out, as ExtractOptions take it; the
// values of an alternating block are those s remembers now.
func (s *NoiseStats) Leave(items []NoiseItem) Learned {
	var l Learned
	for _, it := range items {
		switch it.Kind {
		case NoiseBlock:
			l.Blocks = append(l.Blocks, it.Target)
		case NoiseNumbers:
			l.Numbers = append(l.Numbers, it.Target)
		case NoiseParam:
			l.Params = append(l.Params, it.Target)
		case NoiseValues:
			for _, v := range s.Values[it.Target] {
				l.Values = append(l.Values, valueKey(it.Target, v))
			}
		}
	}
	return l
}
