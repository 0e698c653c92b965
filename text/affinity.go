package text

// emit appends the stems of the kept words to dst, then their lexical
// affinities.
func (a *Analyzer) emit(dst []string) []string {
	for _, w := range a.kept {
		dst = append(dst, w.stem)
	}
	if a.window == 0 {
		return dst
	}
	first := 0
	for j, w := range a.kept {
		for w.pos-a.kept[first].pos > a.window {
			first++
		}
		for _, v := range a.kept[first:j] {
			if v.stem != w.stem {
				dst = append(dst, affinity(v.stem, w.stem))
			}
		}
	}
	return dst
}

// affinity returns the lexical affinity of two distinct stems: both,
// sorted, joined by one space.
func affinity(s1, s2 string) string {
	if s2 < s1 {
		s1, s2 = s2, s1
	}
	return s1 + " " + s2
}
