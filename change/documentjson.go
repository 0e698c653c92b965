package change

import (
	"encoding/base64"
	"encoding/json"
)

// EncodeJSON returns d as json.Marshal encodes it, with its lines last:
// it encodes the rest of d, then writes the lines' base64 straight into a
// buffer of the final size. json.Marshal grows its buffer by doubling as
// the lines' string comes, then copies the whole: for 10 MiB of random
// bytes, whose extract's JSON is some 26 MB, about 100 MB of copies held
// at once.
func (d *Document) EncodeJSON() ([]byte, error) {
	rest := *d
	rest.Lines = Lines{}
	head, err := json.Marshal(&rest)
	if err != nil || d.Lines.isZero() {
		return head, err
	}
	var c byteCounter
	d.Lines.emit(&c)
	const key = `,"Lines":""}`
	out := make([]byte, 0, len(head)+len(key)+base64.StdEncoding.EncodedLen(int(c)))
	out = append(out, head[:len(head)-1]...) // up to its closing brace
	out = append(out, key[:len(key)-2]...)
	out = d.Lines.appendBase64(out)
	return append(out, `"}`...), nil
}

// isZero reports whether the lines are the zero Lines, which JSON leaves
// out (omitzero).
func (ls *Lines) isZero() bool {
	return ls.texts == "" && ls.tags == nil && ls.paths == nil && ls.recs == nil && ls.blocks == nil
}
