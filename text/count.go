package text

import "strings"

// Count returns the terms of plain text as two tallies: each stem and each
// lexical affinity with the number of times Terms would list it. It gives
// the same tallies as counting the output of Terms, whose rules it
// follows, but builds one string per distinct affinity, not one per
// occurrence: pairs are counted by the ids of their stems first, and the
// maps are sized to their final number of terms.
func (a *Analyzer) Count(text string) (stems, affinities map[string]int) {
	a.start()
	a.scan(text)
	a.number()
	stems = make(map[string]int, len(a.names))
	for id, n := range a.stemCount {
		stems[a.names[id]] = n
	}
	if a.window == 0 {
		return stems, map[string]int{}
	}
	a.countPairs()
	return stems, a.affinities()
}

// affinities names the counted pairs. The names are written end to end
// into one string, sized first, and each key is a slice of it: one
// allocation for all the affinities instead of one each.
func (a *Analyzer) affinities() map[string]int {
	size := 0
	for p := range a.pairs {
		size += len(a.names[p>>32]) + 1 + len(a.names[uint32(p)])
	}
	var b strings.Builder
	b.Grow(size)
	affinities := make(map[string]int, len(a.pairs))
	for p, n := range a.pairs {
		s1, s2 := a.names[p>>32], a.names[uint32(p)]
		if s2 < s1 {
			s1, s2 = s2, s1
		}
		start := b.Len()
		b.WriteString(s1)
		b.WriteByte(' ')
		b.WriteString(s2)
		// b never grows past the size it was given, so what it holds
		// is never copied nor overwritten: the slice stays valid.
		affinities[b.String()[start:]] = n
	}
	return affinities
}

// number gives each distinct stem of the kept words an id (a.ids, a.names)
// and counts its occurrences in a.stemCount.
func (a *Analyzer) number() {
	if a.ids == nil {
		a.ids = map[string]uint32{}
	}
	clear(a.ids)
	a.names, a.stemCount = a.names[:0], a.stemCount[:0]
	a.keptIDs = a.keptIDs[:0]
	for _, w := range a.kept {
		id, ok := a.ids[w.stem]
		if !ok {
			id = uint32(len(a.names))
			a.ids[w.stem] = id
			a.names = append(a.names, w.stem)
			a.stemCount = append(a.stemCount, 0)
		}
		a.stemCount[id]++
		a.keptIDs = append(a.keptIDs, id)
	}
}

// countPairs counts the affinities of the kept words in a.pairs, keyed by
// their two stem ids, smaller id in the high half; which stem comes first
// in the affinity's string is decided once per distinct pair.
func (a *Analyzer) countPairs() {
	if a.pairs == nil {
		a.pairs = map[uint64]int{}
	}
	clear(a.pairs)
	first := 0
	for j, w := range a.kept {
		for w.pos-a.kept[first].pos > a.window {
			first++
		}
		wid := a.keptIDs[j]
		for _, vid := range a.keptIDs[first:j] {
			if vid != wid {
				a.pairs[pairKey(vid, wid)]++
			}
		}
	}
}

// pairKey is the key of an unordered pair of stem ids.
func pairKey(x, y uint32) uint64 {
	if y < x {
		x, y = y, x
	}
	return uint64(x)<<32 | uint64(y)
}
