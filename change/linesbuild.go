package change

import (
	"strconv"
	"strings"
)

// linesBuilder makes Lines: it interns tags and block paths, so each
// distinct one is held once, and appends texts to one buffer.
type linesBuilder struct {
	// texts holds the texts, each followed by a newline; a text being
	// added is at its end.
	texts   []byte
	tags    []string
	tagIDs  map[string]uint32
	tagSize int
	paths   []string
	pathIDs map[string]uint32
	recs    []lineRec
	blocks  []textRec
	arena   stringArena
}

// newLinesBuilder returns a builder sized for about n lines and t bytes of
// text.
func newLinesBuilder(n, t int) *linesBuilder {
	return &linesBuilder{texts: make([]byte, 0, t), recs: make([]lineRec, 0, n), blocks: make([]textRec, 0, n/4),
		tagIDs: map[string]uint32{}, pathIDs: map[string]uint32{}}
}

// tag appends a tag line whose HTML is html (copied when it is new).
func (b *linesBuilder) tag(kind LineKind, html []byte) {
	id, ok := b.tagIDs[string(html)]
	if !ok {
		id = uint32(len(b.tags))
		s := b.arena.add(html)
		b.tags = append(b.tags, s)
		b.tagIDs[s] = id
		b.tagSize += entryBytes + len(s)
	}
	b.recs = append(b.recs, newRec(id, kind, 0, 0))
}

// pathID returns the index of a block path, adding it when it is new.
func (b *linesBuilder) pathID(path []byte) uint32 {
	id, ok := b.pathIDs[string(path)]
	if !ok {
		id = uint32(len(b.paths))
		s := b.arena.add(path)
		b.paths = append(b.paths, s)
		b.pathIDs[s] = id
	}
	return id
}

// text appends a text line whose text is texts[start:], of block number
// num of path, and ends the text with its newline.
func (b *linesBuilder) text(start int, path, num uint32, flags lineFlags) {
	b.recs = append(b.recs, newRec(uint32(start), TextLine, flags, uint32(len(b.blocks))))
	b.blocks = append(b.blocks, textRec{n: uint32(len(b.texts) - start), path: path, num: num})
	b.texts = append(b.texts, '\n')
}

// size returns the bytes the lines take so far.
func (b *linesBuilder) size() int {
	return len(b.texts) + b.tagSize + recBytes*len(b.recs) + textRecBytes*len(b.blocks)
}

// appendBlock appends the name of a text line's block to dst.
func (b *linesBuilder) appendBlock(dst []byte, r textRec) []byte {
	dst = append(dst, b.paths[r.path]...)
	if r.num == noNumber {
		return dst
	}
	return strconv.AppendUint(append(dst, ':'), uint64(r.num), 10)
}

// lines returns the lines built; the builder is not used again.
func (b *linesBuilder) lines() Lines {
	return Lines{texts: frozenString(b.texts), tags: b.tags, paths: b.paths, recs: clipped(b.recs), blocks: clipped(b.blocks)}
}

// clipped returns s, or a copy of it when its spare room is more than a
// quarter of it: a builder sized for a page of many lines that found few
// keeps no room it will never fill.
func clipped[T any](s []T) []T {
	if cap(s)-len(s) <= len(s)/4 {
		return s
	}
	return append(make([]T, 0, len(s)), s...)
}

// NewLines returns ls held as Lines: a Line's Text is kept for a text
// line (its HTML is the text escaped) and its HTML for a tag; a block
// named "path:n" is held as its path and number.
func NewLines(ls []Line) Lines {
	b := newLinesBuilder(len(ls), 0)
	for _, l := range ls {
		if l.Kind != TextLine {
			b.tag(l.Kind, []byte(l.HTML))
			continue
		}
		start := len(b.texts)
		b.texts = append(b.texts, l.Text...)
		path, num := splitBlock(l.Block)
		b.text(start, b.pathID([]byte(path)), num, flagsOf(l))
	}
	return b.lines()
}

// splitBlock splits a block's name into its path and number ("p:3": "p",
// 3); a name without a number is all path (noNumber).
func splitBlock(block string) (string, uint32) {
	i := strings.LastIndexByte(block, ':')
	if i < 0 {
		return block, noNumber
	}
	n, err := strconv.ParseUint(block[i+1:], 10, 32)
	if err != nil || n == uint64(noNumber) || strconv.FormatUint(n, 10) != block[i+1:] {
		return block, noNumber
	}
	return block[:i], uint32(n)
}
