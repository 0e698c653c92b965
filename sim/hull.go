package sim

import "math/bits"

// line is y = slope·x + icept, with the index of the posting count a it
// stands for.
type line struct {
	slope, icept int64
	a            int32
}

func (l line) at(x int64) int64 { return l.slope*x + l.icept }

// minHull answers min over lines of y at x for lines added with strictly
// decreasing slopes and queries at non-decreasing x (the monotone convex
// hull trick): O(1) amortised per operation.
type minHull struct {
	lines []line
	front int
}

func (h *minHull) reset() { h.lines, h.front = h.lines[:0], 0 }

// add appends l, dropping the lines it makes useless.
func (h *minHull) add(l line) {
	for len(h.lines)-h.front >= 2 && useless(h.lines[len(h.lines)-2], h.lines[len(h.lines)-1], l) {
		h.lines = h.lines[:len(h.lines)-1]
	}
	h.lines = append(h.lines, l)
}

// best returns the line minimal at x.
func (h *minHull) best(x int64) line {
	for h.front+1 < len(h.lines) && h.lines[h.front+1].at(x) <= h.lines[h.front].at(x) {
		h.front++
	}
	return h.lines[h.front]
}

// useless tells whether l2 is nowhere strictly below both l1 and l3
// (slopes s1 > s2 > s3): (c3−c1)(s1−s2) ≤ (c2−c1)(s1−s3), compared
// exactly in 128 bits.
func useless(l1, l2, l3 line) bool {
	return cmpProducts(l3.icept-l1.icept, l1.slope-l2.slope, l2.icept-l1.icept, l1.slope-l3.slope) <= 0
}

// cmpProducts compares a·b with c·d exactly, for b, d > 0.
func cmpProducts(a, b, c, d int64) int {
	switch {
	case a < 0 && c >= 0:
		return -1
	case a >= 0 && c < 0:
		return 1
	case a < 0:
		return -cmpUnsigned(uint64(-a), uint64(b), uint64(-c), uint64(d))
	}
	return cmpUnsigned(uint64(a), uint64(b), uint64(c), uint64(d))
}

func cmpUnsigned(a, b, c, d uint64) int {
	h1, l1 := bits.Mul64(a, b)
	h2, l2 := bits.Mul64(c, d)
	switch {
	case h1 != h2:
		return cmpU(h1, h2)
	}
	return cmpU(l1, l2)
}

func cmpU(x, y uint64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}
