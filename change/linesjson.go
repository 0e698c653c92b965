package change

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
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
	b := make([]byte, 0, len(ls.texts)+3*len(ls.recs)+64)
	b = appendChunk(b, ls.texts)
	for _, list := range [][]string{ls.tags, ls.paths} {
		b = binary.AppendUvarint(b, uint64(len(list)))
		for _, s := range list {
			b = appendChunk(b, s)
		}
	}
	for _, r := range ls.recs {
		b = append(b, byte(r.kind)|byte(r.flags)<<2)
		if r.kind != TextLine {
			b = binary.AppendUvarint(b, uint64(r.at))
			continue
		}
		num := uint64(r.num) + 1
		if r.num == noNumber {
			num = 0
		}
		b = binary.AppendUvarint(binary.AppendUvarint(binary.AppendUvarint(b, uint64(r.n)), uint64(r.path)), num)
	}
	out := make([]byte, base64.StdEncoding.EncodedLen(len(b)))
	base64.StdEncoding.Encode(out, b)
	return out, nil
}

// appendChunk appends s's length and s.
func appendChunk(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
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

// chunk reads a length and that many bytes, as a string.
func (r *linesReader) chunk() string {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.bad, r.b = true, nil
		return ""
	}
	s := string(r.b[:n])
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
// the texts, tags and paths stored with it.
func (ls *Lines) decode(raw []byte) error {
	r := &linesReader{b: raw}
	texts := r.chunk()
	tags, paths := r.list(), r.list()
	var recs []lineRec
	at := 0
	for !r.bad && len(r.b) > 0 {
		head := r.b[0]
		r.b = r.b[1:]
		rec := lineRec{kind: LineKind(head & 3), flags: lineFlags(head >> 2)}
		switch rec.kind {
		case StartTag, EndTag:
			id := r.uvarint()
			if id >= uint64(len(tags)) {
				return errBadLines
			}
			rec.at = uint32(id)
		case TextLine:
			n, path, num := r.uvarint(), r.uvarint(), r.uvarint()
			if rem := len(texts) - at; rem < 0 || n > uint64(rem) || path >= uint64(len(paths)) || num > uint64(noNumber) {
				return errBadLines
			}
			rec.at, rec.n, rec.path, rec.num = uint32(at), uint32(n), uint32(path), uint32(num-1)
			at += int(n) + 1
		default:
			return errBadLines
		}
		recs = append(recs, rec)
	}
	if r.bad {
		return errBadLines
	}
	*ls = Lines{texts: texts, tags: tags, paths: paths, recs: recs}
	return nil
}
