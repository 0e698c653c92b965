package change

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
)

// linesJSON is how Lines are stored: the texts, tags and paths as they are
// held, and each line's record as varints (base64 in JSON): its kind and
// flags in a byte, then a tag's index, or a text's length, path and
// number plus one (0: none). A text starts where the previous one's
// newline ends, so its offset is not written.
type linesJSON struct {
	Texts string   `json:"texts"`
	Tags  []string `json:"tags"`
	Paths []string `json:"paths"`
	Recs  []byte   `json:"recs"`
}

// errBadLines is returned for stored lines that do not hold together.
var errBadLines = errors.New("change: stored lines are malformed")

// MarshalJSON writes the lines compactly (see linesJSON).
func (ls Lines) MarshalJSON() ([]byte, error) {
	recs := make([]byte, 0, 3*len(ls.recs))
	for _, r := range ls.recs {
		recs = append(recs, byte(r.kind)|byte(r.flags)<<2)
		if r.kind != TextLine {
			recs = binary.AppendUvarint(recs, uint64(r.at))
			continue
		}
		num := uint64(r.num) + 1
		if r.num == noNumber {
			num = 0
		}
		recs = binary.AppendUvarint(binary.AppendUvarint(binary.AppendUvarint(recs, uint64(r.n)), uint64(r.path)), num)
	}
	return json.Marshal(linesJSON{Texts: ls.texts, Tags: ls.tags, Paths: ls.paths, Recs: recs})
}

// UnmarshalJSON reads lines written by MarshalJSON, or as a list of Line
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
	var j linesJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	recs, err := decodeRecs(j)
	if err != nil {
		return err
	}
	*ls = Lines{texts: j.Texts, tags: j.Tags, paths: j.Paths, recs: recs}
	return nil
}

// decodeRecs reads the records of stored lines, checking that each points
// into the texts, tags and paths stored with them.
func decodeRecs(j linesJSON) ([]lineRec, error) {
	var recs []lineRec
	at, b := 0, j.Recs
	next := func() uint64 {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			b = nil
			return ^uint64(0)
		}
		b = b[n:]
		return v
	}
	for len(b) > 0 {
		head := b[0]
		b = b[1:]
		r := lineRec{kind: LineKind(head & 3), flags: lineFlags(head >> 2)}
		switch r.kind {
		case StartTag, EndTag:
			id := next()
			if id >= uint64(len(j.Tags)) {
				return nil, errBadLines
			}
			r.at = uint32(id)
		case TextLine:
			n, path, num := next(), next(), next()
			if rem := len(j.Texts) - at; rem < 0 || n > uint64(rem) || path >= uint64(len(j.Paths)) || num > uint64(noNumber) {
				return nil, errBadLines
			}
			r.at, r.n, r.path, r.num = uint32(at), uint32(n), uint32(path), uint32(num-1)
			at += int(n) + 1
		default:
			return nil, errBadLines
		}
		recs = append(recs, r)
	}
	return recs, nil
}
