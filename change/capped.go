package change

import "math"

// DefaultMaxKept is the memory, in bytes, that Extract lets the lines of
// one page take when ExtractOptions.MaxKept is 0, as Lines hold them: the
// texts, each distinct tag and 20 bytes a line. 32 MiB keeps every line
// of a page up to the fetch's body cap of 10 MiB of text and markup (a
// court calendar's 788,000 lines take 20 MiB, 10 MiB of random bytes 15
// MiB); a page of little else than empty tags is cut near 5 MiB.
const DefaultMaxKept = 32 << 20

// DefaultMaxWords bounds the distinct words of one page that Extract
// measures (Document.Words, Tokens and Phrases), as wordSketch estimates
// them: each costs about 250 bytes in those maps (a word, its stem and
// three affinities), so a page of random bytes or of endless distinct
// words, which makes about one a word, would take hundreds of MiB (10 MiB
// of random bytes: 134 MiB). Past the bound the words are no longer
// counted, the lines still kept (Document.LinesWhole). The 10 MiB court
// calendar has 34,000 and is measured whole (8 MiB).
const DefaultMaxWords = 1 << 16

// maxTitle bounds the bytes of a page's title that are kept.
const maxTitle = 4 << 10

// maxText bounds the text of the lines Extract keeps of one page, within
// DefaultMaxKept: a page's text is held by its extract, by the extract's
// JSON when it is stored and by the previous version's extract when the
// next one is compared, so it weighs three times in a fetch's memory. 4
// MiB keeps the whole text of a 10 MiB court calendar (2.9 MB) and of
// pages of the fetch's body cap whose text is up to 40% of their bytes;
// 10 MiB of random bytes make 15 MB (each invalid byte a 3-byte U+FFFD)
// and are cut near their 3rd MB, so that fetching them twice stays under
// 150 MiB (docs/performance.md).
const maxText = 4 << 20

// full reports whether the walker has kept as many lines as it may; once
// it has, it keeps nothing more (Document.Capped).
func (w *walker) full() bool {
	if !w.capped && (w.b.size() >= w.x.maxKept || len(w.b.texts) >= maxText || len(w.b.recs) >= maxLines-1) {
		w.capped = true
	}
	return w.capped
}

// countWords adds a text line's words to the sketch while they are
// measured, and once they pass the bound stops measuring before the line
// (walker.measured).
func (w *walker) countWords(s []byte) {
	if w.measured >= 0 {
		return
	}
	w.sketch.add(s)
	if w.sketch.over() {
		w.measured = len(w.b.recs)
	}
}

// measuredAt notes that the page has been read up to offset: the point
// where its words stopped being measured, the first time they have.
func (w *walker) measuredAt(offset int) {
	if w.measured >= 0 && w.measuredTo < 0 {
		w.measuredTo = offset
	}
}

// keepable returns how many of a text's n raw bytes may be read into a
// line: all while they fit, else as many as the room left in the lines
// and in the text allows (an invalid byte becomes a 3-byte U+FFFD in the
// text, so a raw byte can cost 4 with room to spare). A cut text marks
// the walker capped.
func (w *walker) keepable(n int) int {
	room := min((w.x.maxKept-w.b.size()-recBytes)/4, (maxText-len(w.b.texts))/4)
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
