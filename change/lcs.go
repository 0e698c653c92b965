package change

// lcs matches two sequences of line ids with a longest common subsequence,
// by Myers' O(ND) difference algorithm in linear space (the middle-snake
// bisection), after trimming common prefixes and suffixes. A sub-problem
// whose edit distance exceeds maxCost is treated as wholly replaced, so the
// worst case stays bounded; the result is then a common subsequence, not
// always the longest. The whole search is bounded too: it spends at most
// a work budget of steps (diagonals tried and lines compared), after which
// every sub-problem left is treated as wholly replaced. Either bound makes
// the match coarse: still a common subsequence, so the diff stays correct
// (every line it calls kept is in both versions), but it may mark as
// changed lines that a longer subsequence would have kept.
type lcs struct {
	a, b           []int
	inA, inB       []bool
	maxCost        int
	work           int // steps left
	coarse         bool
	forward, rever []int
}

// defaultMaxCost bounds the edit distance searched in one sub-problem.
const defaultMaxCost = 2048

// defaultMaxWork bounds the steps of one whole match: some 50 ms of one
// core, about ten times what two 200 KB versions whose every text line
// differs take.
const defaultMaxWork = 50_000_000

// match marks in inA and inB the lines of a and b on a common
// subsequence, searching at most maxCost edits in one sub-problem and
// maxWork steps in all; coarse reports that a bound was reached.
func match(a, b []int, maxCost, maxWork int) (inA, inB []bool, coarse bool) {
	l := &lcs{a: a, b: b, inA: make([]bool, len(a)), inB: make([]bool, len(b)), maxCost: maxCost, work: maxWork}
	l.compare(0, len(a), 0, len(b))
	return l.inA, l.inB, l.coarse
}

// compare matches a[aLo:aHi] against b[bLo:bHi].
func (l *lcs) compare(aLo, aHi, bLo, bHi int) {
	for aLo < aHi && bLo < bHi && l.a[aLo] == l.b[bLo] {
		l.inA[aLo], l.inB[bLo] = true, true
		aLo++
		bLo++
	}
	for aLo < aHi && bLo < bHi && l.a[aHi-1] == l.b[bHi-1] {
		l.inA[aHi-1], l.inB[bHi-1] = true, true
		aHi--
		bHi--
	}
	if aLo == aHi || bLo == bHi {
		return
	}
	x, y, ok := l.bisect(aLo, aHi, bLo, bHi)
	if !ok {
		l.coarse = true
		return
	}
	l.compare(aLo, x, bLo, y)
	l.compare(x, aHi, y, bHi)
}

// bisect finds a point (x, y) on an optimal edit path of the sub-problem
// where the forward and reverse searches meet; ok is false when the
// searches give up at maxCost.
func (l *lcs) bisect(aLo, aHi, bLo, bHi int) (x, y int, ok bool) {
	if l.work <= 0 {
		return 0, 0, false
	}
	a, b := l.a[aLo:aHi], l.b[bLo:bHi]
	n, m := len(a), len(b)
	maxD := min((n+m+1)/2, l.maxCost)
	off, size := maxD+1, 2*maxD+3
	vf, vr := l.vectors(size)
	vf[off+1], vr[off+1] = 0, 0
	delta := n - m
	odd := delta%2 != 0
	// fLo, fHi (rLo, rHi) shrink the forward (reverse) diagonals once a
	// path leaves the grid on the left or the right, as such a diagonal
	// can never meet the other search.
	var fLo, fHi, rLo, rHi int
	for d := 0; d <= maxD; d++ {
		if l.work -= 2*d + 2; l.work < 0 {
			return 0, 0, false
		}
		for k := -d + fLo; k <= d-fHi; k += 2 {
			xf := next(vf, off, k, d)
			yf := xf - k
			if xf < 0 || yf < 0 {
				continue
			}
			for xf < n && yf < m && a[xf] == b[yf] {
				xf++
				yf++
				l.work--
			}
			vf[off+k] = xf
			switch kr := delta - k; {
			case xf > n:
				fHi += 2
			case yf > m:
				fLo += 2
			case odd && kr >= -(d-1) && kr <= d-1 && vr[off+kr] >= 0 && xf+vr[off+kr] >= n:
				return aLo + xf, bLo + yf, true
			}
		}
		for k := -d + rLo; k <= d-rHi; k += 2 {
			xr := next(vr, off, k, d)
			yr := xr - k
			if xr < 0 || yr < 0 {
				continue
			}
			for xr < n && yr < m && a[n-xr-1] == b[m-yr-1] {
				xr++
				yr++
				l.work--
			}
			vr[off+k] = xr
			switch kf := delta - k; {
			case xr > n:
				rHi += 2
			case yr > m:
				rLo += 2
			case !odd && kf >= -d && kf <= d && vf[off+kf] >= 0 && vf[off+kf]+xr >= n:
				xf := vf[off+kf]
				return aLo + xf, bLo + xf - kf, true
			}
		}
	}
	return 0, 0, false
}

// next returns the furthest x reachable on diagonal k with d edits.
func next(v []int, off, k, d int) int {
	if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
		return v[off+k+1]
	}
	return v[off+k-1] + 1
}

// vectors returns two work vectors filled with -1 (not reached) of the given size, reused across
// calls.
func (l *lcs) vectors(size int) (vf, vr []int) {
	if cap(l.forward) < size {
		l.forward, l.rever = make([]int, size), make([]int, size)
	}
	vf, vr = l.forward[:size], l.rever[:size]
	for i := range vf {
		vf[i], vr[i] = -1, -1
	}
	return vf, vr
}
