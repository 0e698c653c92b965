package change

import "bytes"

// readRawAttrs reads the attributes of the current start tag from its raw
// bytes, as the tokenizer split them, without the tokenizer's TagAttr,
// which copies every key and value. It reports false, reading nothing, if
// the tag holds a NUL, a carriage return or a character reference: those
// the tokenizer rewrites (U+FFFD, newlines, unescaping), so readAttrs then
// asks TagAttr. Otherwise keys and values are the raw bytes, keys
// lower-cased, empty keys and repeated keys dropped, exactly what TagAttr
// returns. The scan mirrors x/net/html's readTag, readTagAttrKey and
// readTagAttrVal state for state.
func (s *streamer) readRawAttrs() bool {
	raw := s.z.Raw()
	if len(raw) < 2 || raw[len(raw)-1] != '>' || bytes.IndexByte(raw, 0) >= 0 ||
		bytes.IndexByte(raw, '\r') >= 0 || bytes.IndexByte(raw, '&') >= 0 {
		return false
	}
	p := skipTagName(raw, 1)
	p = skipSpace(raw, p)
	for p < len(raw) && raw[p] != '>' {
		k0, k1 := p, attrKeyEnd(raw, p)
		var v0, v1 int
		v0, v1, p = attrVal(raw, k1)
		if k1 > k0 {
			s.addAttr(raw[k0:k1], raw[v0:v1])
		}
		p = skipSpace(raw, p)
	}
	if p != len(raw)-1 {
		// Not where the tokenizer's scan ended: let it say.
		s.keys, s.vals, s.ends = s.keys[:0], s.vals[:0], s.ends[:0]
		return false
	}
	return true
}

// addAttr appends one attribute to readAttrs' scratch space unless its
// lower-cased key is already there.
func (s *streamer) addAttr(k, v []byte) {
	s.lower = appendLower(s.lower[:0], k)
	for _, seen := range s.keys {
		if seen == string(s.lower) {
			return
		}
	}
	s.keys = append(s.keys, s.attrName(s.lower))
	s.vals = append(s.vals, v...)
	s.ends = append(s.ends, len(s.vals))
}

// attrName returns a lower-case attribute name as a string, interning the
// names package atom does not know (data-*, aria-*) for the whole read.
func (s *streamer) attrName(b []byte) string {
	if name, ok := s.names[string(b)]; ok {
		return name
	}
	name := tagName(b)
	if s.names == nil {
		s.names = map[string]string{}
	}
	s.names[name] = name
	return name
}

// isTagSpace reports whether c is white space inside a tag.
func isTagSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f'
}

// skipTagName returns the index after the tag name that starts at p: past
// the white space ending it, at a '/' or '>' ending it.
func skipTagName(raw []byte, p int) int {
	for ; p < len(raw); p++ {
		switch c := raw[p]; {
		case isTagSpace(c):
			return p + 1
		case c == '/' || c == '>':
			return p
		}
	}
	return p
}

// skipSpace returns the index of the first byte from p that is not white
// space.
func skipSpace(raw []byte, p int) int {
	for p < len(raw) && isTagSpace(raw[p]) {
		p++
	}
	return p
}

// attrKeyEnd returns the end of the attribute key that starts at p; an '='
// first is part of the key.
func attrKeyEnd(raw []byte, p int) int {
	start := p
	for ; p < len(raw); p++ {
		c := raw[p]
		if c == '=' && p == start {
			continue
		}
		if c == '=' || c == '/' || c == '>' || isTagSpace(c) {
			return p
		}
	}
	return p
}

// attrVal reads the value after the key ending at p: the value's bounds
// (empty if there is none) and the index where the scan goes on.
func attrVal(raw []byte, p int) (v0, v1, next int) {
	v0, v1 = p, p
	p = skipSpace(raw, p)
	if p >= len(raw) {
		return v0, v1, p
	}
	switch raw[p] {
	case '/':
		return v0, v1, p + 1
	case '=':
	default:
		return v0, v1, p
	}
	p = skipSpace(raw, p+1)
	if p >= len(raw) {
		return v0, v1, p
	}
	switch q := raw[p]; q {
	case '>':
		return v0, v1, p
	case '\'', '"':
		for i := p + 1; i < len(raw); i++ {
			if raw[i] == q {
				return p + 1, i, i + 1
			}
		}
		return p + 1, len(raw), len(raw)
	}
	for i := p + 1; i < len(raw); i++ {
		switch c := raw[i]; {
		case isTagSpace(c):
			return p, i, i + 1
		case c == '>':
			return p, i, i
		}
	}
	return p, len(raw), len(raw)
}

// readTagName returns the current tag's lower-case name read from its raw
// bytes ("<name" or "</name"), without the tokenizer's TagName, which
// copies it. A name holding a NUL, which the tokenizer rewrites, is asked
// of TagName. more is true unless TagName said the tag has no attributes;
// named reports whether TagName was asked.
func (s *streamer) readTagName(end bool) (name string, more, named bool) {
	raw, i := s.z.Raw(), 1
	if end {
		i = 2
	}
	e := i
	for e < len(raw) && !isTagSpace(raw[e]) && raw[e] != '/' && raw[e] != '>' {
		e++
	}
	if len(raw) < i || raw[0] != '<' || (end && raw[1] != '/') || e == i ||
		bytes.IndexByte(raw[i:e], 0) >= 0 {
		b, more := s.z.TagName()
		return tagName(b), more, true
	}
	s.lower = appendLower(s.lower[:0], raw[i:e])
	return s.attrName(s.lower), true, false
}

// appendLower appends b with ASCII upper-case letters lower-cased, as the
// tokenizer lower-cases names.
func appendLower(dst, b []byte) []byte {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}
