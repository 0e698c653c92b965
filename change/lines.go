package change

import (
	"iter"
	"strconv"
	"strings"
)

// Lines are a document's lines held compactly: each tag written once in
// a table of the distinct tags, the texts in one string, and per line a
// record of 8 bytes that points into them, with for a text line 12 more
// that name its block by the index of its path and its number among the
// blocks of that path. A 10 MiB court calendar's 788,000 lines take about
// 13 MiB so, where lines of three strings each took 80 MiB. Lines are
// read with At and All, which build each Line from its records.
type Lines struct {
	// texts holds the text lines' texts, each followed by a newline.
	texts string
	// tags are the distinct tags, as HTML.
	tags []string
	// paths are the distinct block paths ("body/div#main/p.price").
	paths []string
	recs  []lineRec
	// blocks hold the text lines' lengths and blocks, in order.
	blocks []textRec
}

// lineRec is one line of Lines: a tag (tags[at]) or a text (texts[at:],
// of the length its textRec says), its kind and flags in the two and
// three low bits of meta and, for a text, the index of its textRec in
// the bits above.
type lineRec struct {
	at, meta uint32
}

// textRec is a text line's length and block: paths[path] numbered num
// (noNumber: a block named by its path alone).
type textRec struct {
	n, path, num uint32
}

// maxLines bounds the lines of one Lines, whose text lines are numbered
// in 27 bits.
const maxLines = 1 << 27

// kind returns the line's kind.
func (r lineRec) kind() LineKind {
	return LineKind(r.meta & 3)
}

// flags returns a text line's flags.
func (r lineRec) flags() lineFlags {
	return lineFlags(r.meta >> 2 & 7)
}

// textIndex returns the index of a text line's textRec.
func (r lineRec) textIndex() uint32 {
	return r.meta >> 5
}

// newRec returns the record of a line of kind k with flags f and, for a
// text line, textRec index t.
func newRec(at uint32, k LineKind, f lineFlags, t uint32) lineRec {
	return lineRec{at: at, meta: uint32(k) | uint32(f)<<2 | t<<5}
}

// lineFlags are a text line's Ignored, Noise and Numbers.
type lineFlags uint8

// The flags of a text line.
const (
	flagIgnored lineFlags = 1 << iota
	flagNoise
	flagNumbers
)

// noNumber is the number of a block named by its path alone.
const noNumber = ^uint32(0)

// recBytes and textRecBytes are what a line's record and a text line's
// block cost.
const recBytes, textRecBytes = 8, 12

// Len returns the number of lines.
func (ls *Lines) Len() int {
	return len(ls.recs)
}

// At returns line i (0 ≤ i < Len()).
func (ls *Lines) At(i int) Line {
	l := ls.view(i)
	if l.Kind == TextLine {
		l.Block = ls.block(ls.blocks[ls.recs[i].textIndex()])
	}
	return l
}

// All returns the lines in order with their indices.
func (ls *Lines) All() iter.Seq2[int, Line] {
	return func(yield func(int, Line) bool) {
		for i := range ls.recs {
			if !yield(i, ls.At(i)) {
				return
			}
		}
	}
}

// view returns line i without its block's name, which costs a string to
// build: what the diff view needs.
func (ls *Lines) view(i int) Line {
	r := ls.recs[i]
	if r.kind() != TextLine {
		return Line{Kind: r.kind(), HTML: ls.tags[r.at]}
	}
	l := ls.bare(i)
	l.HTML = escapedText(l.Text)
	return l
}

// bare returns line i without its block's name, and for a text line
// without its HTML: what reading the text alone needs.
func (ls *Lines) bare(i int) Line {
	r := ls.recs[i]
	if r.kind() != TextLine {
		return Line{Kind: r.kind(), HTML: ls.tags[r.at]}
	}
	f := r.flags()
	return Line{Kind: TextLine, Text: ls.textOf(r),
		Ignored: f&flagIgnored != 0, Noise: f&flagNoise != 0, Numbers: f&flagNumbers != 0}
}

// textOf returns the text of a text line's record.
func (ls *Lines) textOf(r lineRec) string {
	return ls.texts[r.at : r.at+ls.blocks[r.textIndex()].n]
}

// block names the block of a text line.
func (ls *Lines) block(r textRec) string {
	if r.num == noNumber {
		return ls.paths[r.path]
	}
	return ls.paths[r.path] + ":" + strconv.FormatUint(uint64(r.num), 10)
}

// escapedText is a text line's HTML: t escaped, t itself when nothing in
// it needs escaping.
func escapedText(t string) string {
	if !strings.ContainsAny(t, `<>&'"`) {
		return t
	}
	return string(appendEscaped(nil, t))
}

// footprint returns the bytes the lines hold.
func (ls *Lines) footprint() int {
	n := len(ls.texts) + recBytes*len(ls.recs) + textRecBytes*len(ls.blocks)
	for _, s := range [][]string{ls.tags, ls.paths} {
		for _, v := range s {
			n += entryBytes + len(v)
		}
	}
	return n
}

// setNoise marks text line i as noise.
func (ls *Lines) setNoise(i int) {
	ls.recs[i].meta |= uint32(flagNoise) << 2
}

// flagsOf returns a line's flags as lineFlags.
func flagsOf(l Line) lineFlags {
	var f lineFlags
	if l.Ignored {
		f |= flagIgnored
	}
	if l.Noise {
		f |= flagNoise
	}
	if l.Numbers {
		f |= flagNumbers
	}
	return f
}

// textsEnd returns where the texts of the first n lines end, their last
// newline included.
func (ls *Lines) textsEnd(n int) int {
	for i := n - 1; i >= 0; i-- {
		if r := ls.recs[i]; r.kind() == TextLine {
			return int(r.at+ls.blocks[r.textIndex()].n) + 1
		}
	}
	return 0
}
