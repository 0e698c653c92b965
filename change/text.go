package change

import (
	"strings"
	"unsafe"
)

// watchedText returns the watched text lines, each followed by a newline:
// texts itself (every text line's text and its newline, end to end) when
// no line is ignored or noise, else a copy of the watched ones.
func (w *walker) watchedText(texts string) string {
	if !w.unwatched {
		return texts
	}
	var b strings.Builder
	b.Grow(len(texts))
	for _, l := range w.lines {
		if l.Kind == TextLine && l.watched() {
			if l.Numbers {
				b.WriteString(maskNumbers(l.Text))
				b.WriteByte('\n')
				continue
			}
			b.WriteString(l.Text)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// frozenString returns b as a string without copying it, as
// strings.Builder does; the caller never writes to b again (the walker's
// buffers, once its walk is finished; an arena's chunk, in the part
// already handed out) or, for the page being read, while the string is
// used.
func frozenString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}
