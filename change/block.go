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
	w.seen[w.arena.add(w.path)] = len(w.counts)
	w.counts = append(w.counts, 1)
	return 0
}

// blockName names block number i of the path being walked.
func (w *walker) blockName(i int) string {
	w.name = append(append(w.name[:0], w.path...), ':')
	w.name = strconv.AppendInt(w.name, int64(i), 10)
	return w.arena.add(w.name)
}

// blockText emits a text of the block being walked unless it is blank: the
// text of walker.text with the block named only when the text is not
// blank, read from bytes without a string of its own.
func (w *walker) blockText(raw []byte) {
	i := w.nextBlock()
	if w.full() {
		return
	}
	tstart := len(w.tbuf)
	w.tbuf = appendCollapsedBytes(w.tbuf, raw[:w.keepable(len(raw))])
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
		if r < utf8.RuneSelf {
			if j := asciiWordEnd(s, i); j > i+1 {
				// A run of ASCII bytes that are not space, copied whole.
				if space && len(dst) > start {
					dst = append(dst, ' ')
				}
				space = false
				dst = append(dst, s[i:j]...)
				i = j
				continue
			}
		} else {
			r, size = utf8.DecodeRune(s[i:])
		}
		i += size
		if isSpaceRune(r) {
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

// asciiWordEnd returns the end of the run of ASCII bytes that are not
// white space starting at i.
func asciiWordEnd(s []byte, i int) int {
	for i < len(s) && s[i] < utf8.RuneSelf && !asciiSpace[s[i]] {
		i++
	}
	return i
}

// asciiSpace marks the ASCII bytes unicode.IsSpace takes for white space.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// isSpaceRune is unicode.IsSpace with ASCII looked up in asciiSpace.
func isSpaceRune(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiSpace[r]
	}
	return unicode.IsSpace(r)
}
