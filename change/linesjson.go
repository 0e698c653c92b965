package change

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"slices"
)

// Lines are stored as one string of base64 (MarshalText): a binary form
// that JSON copies as it is, where texts with markup characters or
// control bytes would be escaped and scanned again. The form is the
// texts, the tags and the paths, each as a length and its bytes (the
// tags and paths after their count), then each line's record as varints:
// its kind and flags in a byte, then a tag's index, or a text's length,
// path and number plus one (0: none). A text starts where the previous
// one's newline ends, so its offset is not written.

// errBadLines is returned for stored lines that do not hold together.
var errBadLines = errors.New("change: stored lines are malformed")

// MarshalText writes the lines compactly, in base64.
func (ls Lines) MarshalText() ([]byte, error) {
	return ls.appendBase64(nil), nil
}

// appendBase64 appends the lines' binary form in base64 to dst, encoding
// it as it is written rather than building it first.
func (ls *Lines) appendBase64(dst []byte) []byte {
	var c byteCounter
	ls.emit(&c)
	w := &base64Writer{dst: slices.Grow(dst, base64.StdEncoding.EncodedLen(int(c)))}
	ls.emit(w)
	w.flush()
	return w.dst
}

// formWriter takes the binary form of Lines as it is written.
type formWriter interface {
	write(p []byte)
	writeString(s string)
}

// emit writes the binary form of the lines to w.
func (ls *Lines) emit(w formWriter) {
	var v [binary.MaxVarintLen64 * 3]byte
	uvarint := func(x uint64) {
		w.write(binary.AppendUvarint(v[:0], x))
	}
	uvarint(uint64(len(ls.texts)))
	w.writeString(ls.texts)
	for _, list := range [][]string{ls.tags, ls.paths} {
		uvarint(uint64(len(list)))
		for _, s := range list {
			uvarint(uint64(len(s)))
			w.writeString(s)
		}
	}
	for _, r := range ls.recs {
		b := append(v[:0], byte(r.kind())|byte(r.flags())<<2)
		if r.kind() != TextLine {
			w.write(binary.AppendUvarint(b, uint64(r.at)))
			continue
		}
		t := ls.blocks[r.textIndex()]
		num := uint64(t.num) + 1
		if t.num == noNumber {
			num = 0
		}
		w.write(binary.AppendUvarint(binary.AppendUvarint(binary.AppendUvarint(b, uint64(t.n)), uint64(t.path)), num))
	}
}

// byteCounter counts the bytes of a binary form.
type byteCounter int

func (c *byteCounter) write(p []byte)       { *c += byteCounter(len(p)) }
func (c *byteCounter) writeString(s string) { *c += byteCounter(len(s)) }

// base64Writer encodes a binary form in base64 as it is written, 3 KiB
// at a time (a multiple of 3 bytes, so no padding is written but at the
// end: see flush).
type base64Writer struct {
	dst  []byte
	pend [3 << 10]byte
	n    int
}

func (w *base64Writer) write(p []byte) {
	for len(p) > 0 {
		k := copy(w.pend[w.n:], p)
		w.n, p = w.n+k, p[k:]
		if w.n == len(w.pend) {
			w.flush()
		}
	}
}

func (w *base64Writer) writeString(s string) {
	for len(s) > 0 {
		k := copy(w.pend[w.n:], s)
		w.n, s = w.n+k, s[k:]
		if w.n == len(w.pend) {
			w.flush()
		}
	}
}

// flush encodes what is pending.
func (w *base64Writer) flush() {
	w.dst = base64.StdEncoding.AppendEncode(w.dst, w.pend[:w.n])
	w.n = 0
}

// UnmarshalJSON reads lines written by MarshalText, or as a list of Line
// objects, as vigil stored them before they were held compactly.
func (ls *Lines) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case bytes.Equal(data, []byte("null")):
		*ls = Lines{}
		return nil
	case len(data) > 0 && data[0] == '[':
		var old []Line
		if err := json.Unmarshal(data, &old); err != nil {
			return err
		}
		*ls = NewLines(old)
		return nil
	}
	var text []byte
	if len(data) >= 2 && data[0] == '"' && data[len(data)-1] == '"' && bytes.IndexByte(data, '\\') < 0 {
		text = data[1 : len(data)-1] // base64 holds nothing to unescape
	} else if err := json.Unmarshal(data, &text); err != nil {
		return err
	}
	raw := make([]byte, base64.StdEncoding.DecodedLen(len(text)))
	n, err := base64.StdEncoding.Decode(raw, text)
	if err != nil {
		return errBadLines
	}
	return ls.decode(raw[:n])
}

// linesReader reads the binary form of Lines.
type linesReader struct {
	b   []byte
	bad bool
}

// uvarint reads a varint (marking the reader bad at its end).
func (r *linesReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.bad, r.b = true, nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

// chunk reads a length and that many bytes, as a string of the form's
// own bytes (which are never written again: see decode).
func (r *linesReader) chunk() string {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.bad, r.b = true, nil
		return ""
	}
	s := frozenString(r.b[:n])
	r.b = r.b[n:]
	return s
}

// list reads a count and that many chunks.
func (r *linesReader) list() []string {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.bad = true
		return nil
	}
	out := make([]string, 0, n)
	for range n {
		out = append(out, r.chunk())
	}
	return out
}

// decode reads the binary form, checking that each record points into
// the texts, tags and paths stored with it. The texts, tags and paths are
// strings of raw, so raw is not written again.
func (ls *Lines) decode(raw []byte) error {
	r := &linesReader{b: raw}
	texts := r.chunk()
	tags, paths := r.list(), r.list()
	nLines, nTexts := countRecs(r.b)
	recs, blocks := make([]lineRec, 0, nLines), make([]textRec, 0, nTexts)
	at := 0
	for !r.bad && len(r.b) > 0 && len(recs) < maxLines-1 {
		head := r.b[0]
		r.b = r.b[1:]
		kind, flags := LineKind(head&3), lineFlags(head>>2)
		switch kind {
		case StartTag, EndTag:
			id := r.uvarint()
			if id >= uint64(len(tags)) || flags != 0 {
				return errBadLines
			}
			recs = append(recs, newRec(uint32(id), kind, 0, 0))
		case TextLine:
			n, path, num := r.uvarint(), r.uvarint(), r.uvarint()
			if rem := len(texts) - at; rem < 0 || n > uint64(rem) || path >= uint64(len(paths)) || num > uint64(noNumber) || flags > 7 {
				return errBadLines
			}
			recs = append(recs, newRec(uint32(at), TextLine, flags, uint32(len(blocks))))
			blocks = append(blocks, textRec{n: uint32(n), path: uint32(path), num: uint32(num - 1)})
			at += int(n) + 1
		default:
			return errBadLines
		}
	}
	if r.bad || len(r.b) > 0 {
		return errBadLines
	}
	*ls = Lines{texts: texts, tags: tags, paths: paths, recs: recs, blocks: blocks}
	return nil
}

// countRecs counts the records of the binary form b, and those of text
// lines among them, so they are read into slices of their size: each
// record is its head byte and varints (one for a tag, three for a text),
// and a varint's last byte is under 0x80.
func countRecs(b []byte) (lines, texts int) {
	for i := 0; i < len(b); lines++ {
		ints := 1
		if LineKind(b[i]&3) == TextLine {
			ints, texts = 3, texts+1
		}
		for i++; ints > 0 && i < len(b); i++ {
			if b[i] < 0x80 {
				ints--
			}
		}
	}
	return lines, texts
}
