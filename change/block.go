package change

import (
	"strconv"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// pushPath enters an element of the block path.
func (w *walker) pushPath(name string, attrs []html.Attribute) {
	w.pathEnds = append(w.pathEnds, len(w.path))
	if len(w.pathEnds) > 1 {
		w.path = append(w.path, '/')
	}
	w.path = appendPathPart(w.path, name, attrs)
}

// popPath leaves the innermost element of the block path.
func (w *walker) popPath() {
	last := len(w.pathEnds) - 1
	w.path = w.path[:w.pathEnds[last]]
	w.pathEnds = w.pathEnds[:last]
}

// blockKey names the block of the text being walked and numbers it among
// blocks of the same path ("body/div#main/p.price:0").
func (w *walker) blockKey() string {
	return w.blockName(w.nextBlock())
}

// nextBlock counts a text of the block being walked and returns its number
// among the blocks of the same path. Counting without naming lets a blank
// text take its number without building a name it never shows.
func (w *walker) nextBlock() int {
	if i, ok := w.seen[string(w.path)]; ok {
		w.counts[i]++
		return w.counts[i] - 1
	}
	w.seen[string(w.path)] = len(w.counts)
	w.counts = append(w.counts, 1)
	return 0
}

// blockName names block number i of the path being walked.
func (w *walker) blockName(i int) string {
	w.name = append(append(w.name[:0], w.path...), ':')
	w.name = strconv.AppendInt(w.name, int64(i), 10)
	return string(w.name)
}

// blockText emits a text of the block being walked unless it is blank: the
// text of walker.text with the block named only when the text is not
// blank, read from bytes without a string of its own.
func (w *walker) blockText(raw []byte) {
	i := w.nextBlock()
	tstart := len(w.tbuf)
	w.tbuf = appendCollapsedBytes(w.tbuf, raw)
	if len(w.tbuf) == tstart {
		return
	}
	w.textLine(tstart, w.blockName(i))
}

// appendCollapsedBytes is appendCollapsed of a byte slice: s trimmed, each
// run of white space folded into one space, invalid UTF-8 bytes replaced
// by U+FFFD as ranging over a string does.
func appendCollapsedBytes(dst, s []byte) []byte {
	start := len(dst)
	space := false
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(s[i:])
		}
		i += size
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && len(dst) > start {
			dst = append(dst, ' ')
		}
		space = false
		if size == 1 && r < utf8.RuneSelf {
			dst = append(dst, byte(r))
		} else {
			dst = utf8.AppendRune(dst, r)
		}
	}
	return dst
}
