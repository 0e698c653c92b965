package change

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// tagName returns a lower-case tag or attribute name as a string, without
// allocating one for the names HTML knows (package atom's table).
func tagName(b []byte) string {
	if a := atom.Lookup(b); a != 0 {
		return a.String()
	}
	return string(b)
}

// readAttrs reads the tag's attributes into s.attrs. Known names are
// interned (tagName) and the values share one string per tag, so a tag
// costs one allocation for its attributes, not two per attribute.
func (s *streamer) readAttrs(more, named bool) {
	s.attrs, s.keys, s.vals, s.ends = s.attrs[:0], s.keys[:0], s.vals[:0], s.ends[:0]
	if !more || !s.readRawAttrs() {
		s.tagAttrs(more, named)
	}
	all, start := string(s.vals), 0
	for i, key := range s.keys {
		s.attrs = append(s.attrs, html.Attribute{Key: key, Val: all[start:s.ends[i]]})
		start = s.ends[i]
	}
}

// tagAttrs reads the attributes with the tokenizer's TagAttr, for the tags
// readRawAttrs leaves to it. more is whether the tag has attributes, as
// TagName said if named.
func (s *streamer) tagAttrs(more, named bool) {
	if !named {
		// readTagName did not ask TagName whether there are attributes.
		_, more = s.z.TagName()
	}
	for more {
		var k, v []byte
		k, v, more = s.z.TagAttr()
		s.keys = append(s.keys, tagName(k))
		s.vals = append(s.vals, v...)
		s.ends = append(s.ends, len(s.vals))
	}
}
