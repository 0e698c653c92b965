package change

import (
	"math"
	"unsafe"
)

// DefaultMaxKept is the memory, in bytes, that Extract lets the lines of
// one page take when ExtractOptions.MaxKept is 0: their HTML and text,
// lineBytes for each line and wordBytes for each distinct word. 16 MiB
// keeps the whole of a 2 MB court calendar (about 15 MiB: 155,000 lines,
// 7,000 distinct words) and bounds what any page up to the fetch's body
// cap costs, so that a 10 MiB page fetched twice stays under 150 MiB
// (docs/performance.md): a 10 MiB calendar is compared over its first
// 2.3 MB, a 10 MiB page of random bytes over its first 0.4 MB.
const DefaultMaxKept = 16 << 20

// DefaultMaxWords bounds the distinct words of the lines Extract keeps of
// one page, as wordSketch estimates them: a page of random bytes or of
// endless distinct words makes about as many words, stems and affinities
// as it has bytes, each a map entry of some 50 bytes, so its words and
// not its lines would bound its memory. The 10 MiB court calendar has
// 34,000.
const DefaultMaxWords = 1 << 18

// lineBytes is what one Line costs beyond its HTML and text.
const lineBytes = int(unsafe.Sizeof(Line{}))

// maxTitle bounds the bytes of a page's title that are kept.
const maxTitle = 4 << 10

// wordBytes is roughly what one distinct word of a page costs its
// Document: an entry in Words and in Tokens and two in Phrases.
const wordBytes = 600

// kept returns the memory the walker's lines take so far, with what
// their distinct words will take once counted, when the walker counts
// them (pages from sketchFrom bytes).
func (w *walker) kept() int {
	return len(w.buf) + len(w.tbuf) + lineBytes*len(w.lines) + wordBytes*w.sketch.estimate()
}

// full reports whether the walker has kept as much as it may; once it
// has, it keeps nothing more (Document.Capped).
func (w *walker) full() bool {
	if !w.capped && (w.kept() >= w.x.maxKept || w.sketch.over()) {
		w.capped = true
	}
	return w.capped
}

// keepable returns how many of a text's n raw bytes may be read into a
// line: all while they fit, else as many as the room left allows once
// escaped (an invalid byte becomes a 3-byte U+FFFD in the text and a
// quote a 5-byte reference in the HTML, so a raw byte can cost 8). A cut
// text marks the walker capped.
func (w *walker) keepable(n int) int {
	room := (w.x.maxKept - w.kept() - lineBytes) / 8
	if n <= room {
		return n
	}
	w.capped = true
	return max(room, 0)
}

// sketchFrom is the page size from which the walker counts distinct words:
// smaller pages cannot hold DefaultMaxWords of them worth bounding.
const sketchFrom = 256 << 10

// sketchBits is the size of a wordSketch's bitmap: 256 KiB, eight bits a
// word at DefaultMaxWords, where linear counting errs by under 1%.
const sketchBits = 1 << 21

// wordSketch estimates the distinct words of a text by linear counting:
// each word sets one bit of a bitmap chosen by its hash, and n distinct
// words set about m(1 - e^(-n/m)) of the m bits. A nil sketch counts
// nothing. Words are hashed with ASCII letters folded to lower case.
type wordSketch struct {
	bits []uint64
	set  int
	// limit is the number of set bits that means more distinct words
	// than the bound.
	limit int
}

// newWordSketch returns a sketch bounding distinct words at maxWords.
func newWordSketch(maxWords int) *wordSketch {
	m := float64(sketchBits)
	return &wordSketch{bits: make([]uint64, sketchBits/64), limit: int(m * (1 - math.Exp(-float64(maxWords)/m)))}
}

// estimate returns about how many distinct words the sketch has seen
// (0 for a nil sketch): linear counting's -m ln(1 - set/m), to second
// order, which errs by under 1% up to DefaultMaxWords.
func (k *wordSketch) estimate() int {
	if k == nil {
		return 0
	}
	return k.set + k.set*k.set/(2*sketchBits)
}

// over reports whether the sketch has seen more distinct words than its bound.
func (k *wordSketch) over() bool {
	return k != nil && k.set > k.limit
}

// add counts the words of s (runs of bytes that are not ASCII separators;
// other runes are left in words, a rough cut that only bounds).
func (k *wordSketch) add(s []byte) {
	if k == nil {
		return
	}
	const offset, prime = 14695981039346656037, 1099511628211
	h, in := uint64(offset), false
	for _, c := range s {
		if c < 0x80 && !isASCIIWordByte(c) {
			if in {
				k.mark(h)
			}
			h, in = offset, false
			continue
		}
		h = (h ^ uint64(c|0x20*b2u(c >= 'A' && c <= 'Z'))) * prime
		in = true
	}
	if in {
		k.mark(h)
	}
}

// mark sets the bit of hash h.
func (k *wordSketch) mark(h uint64) {
	i := (h ^ h>>29) % sketchBits
	if bit := uint64(1) << (i % 64); k.bits[i/64]&bit == 0 {
		k.bits[i/64] |= bit
		k.set++
	}
}

// b2u is 1 for true, 0 for false.
func b2u(b bool) byte {
	if b {
		return 1
	}
	return 0
}
