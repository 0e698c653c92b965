package change

import (
	"bytes"

	"golang.org/x/net/html"
)

// tagRereader reads single tags with golang.org/x/net/html's Tokenizer,
// for the few tags whose names or values it rewrites (NUL bytes, carriage
// returns, character references in attribute values, which it unescapes
// by rules of its own): the scanner leaves those to it. One Tokenizer
// reads all of a page's such tags, each fed to it whole through Read.
type tagRereader struct {
	z    *html.Tokenizer
	feed []byte
	list []html.Attribute
}

// Read hands the Tokenizer the tag being read.
func (r *tagRereader) Read(p []byte) (int, error) {
	n := copy(p, r.feed)
	r.feed = r.feed[n:]
	return n, nil
}

// read returns the lower-case name and the attributes of the tag raw (the
// whole of a start or end tag, as the scanner split it), as the
// Tokenizer's TagName and TagAttr give them.
func (r *tagRereader) read(raw []byte) (string, []html.Attribute) {
	if r.z == nil || len(r.feed) > 0 {
		r.z = html.NewTokenizer(r)
	}
	r.feed = raw
	r.z.NextIsNotRawText()
	r.z.Next()
	whole := bytes.Equal(r.z.Raw(), raw)
	r.list = r.list[:0]
	name, more := r.z.TagName()
	key := tagName(name)
	for more {
		var k, v []byte
		k, v, more = r.z.TagAttr()
		r.list = append(r.list, html.Attribute{Key: tagName(k), Val: string(v)})
	}
	if !whole {
		// Not one token to the Tokenizer (never seen): start afresh
		// rather than leave it between two tags.
		r.z, r.feed = nil, nil
	}
	return key, r.list
}
