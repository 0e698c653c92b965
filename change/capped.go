package change

// DefaultMaxKept is how many bytes of lines (their HTML and text) Extract
// keeps of one page when ExtractOptions.MaxKept is 0: 1 MiB, five times
// the 200 KB pages of the benchmarks, so that a hostile or huge page (10
// MiB of random bytes served as HTML) costs a bounded extract, stored
// extract and diff, not hundreds of megabytes of words and phrases.
const DefaultMaxKept = 1 << 20

// maxTitle bounds the bytes of a page's title that are kept.
const maxTitle = 4 << 10

// full reports whether the walker has kept as much as it may; once it
// has, it keeps nothing more (Document.Capped).
func (w *walker) full() bool {
	if !w.capped && len(w.buf)+len(w.tbuf) >= w.x.maxKept {
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
	room := (w.x.maxKept - len(w.buf) - len(w.tbuf)) / 8
	if n <= room {
		return n
	}
	w.capped = true
	return max(room, 0)
}
