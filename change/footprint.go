package change

import "unsafe"

// entryBytes is roughly what one map entry or one allocated string header
// costs beyond its bytes.
const entryBytes = 48

// Footprint estimates the bytes of memory d holds: its lines (HTML, text
// and block names), its text, the entries of its word, token and phrase
// maps and its links and images. It is an estimate for bounding caches by
// bytes, not an exact count: strings shared between fields are counted
// once per field.
func (d *Document) Footprint() int {
	n := int(unsafe.Sizeof(*d)) + len(d.Text) + len(d.Digest) + len(d.HeadDigest) + len(d.Title)
	for i := range d.Lines {
		l := &d.Lines[i]
		n += int(unsafe.Sizeof(*l)) + len(l.HTML) + len(l.Text) + len(l.Block)
	}
	for _, m := range []map[string]int{d.Words, d.Tokens, d.Phrases} {
		for k := range m {
			n += entryBytes + len(k)
		}
	}
	for _, s := range [][]string{d.Links, d.Images} {
		for _, v := range s {
			n += entryBytes + len(v)
		}
	}
	return n
}
