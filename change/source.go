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

// tokenSource is what the streaming reader needs of an HTML tokenizer:
// the tokens of golang.org/x/net/html's Tokenizer, with a text token's
// unescaped text, a tag's lower-case name and a start tag's attributes as
// its TagName and TagAttr give them.
type tokenSource interface {
	// next scans the next token; html.ErrorToken at the end.
	next() html.TokenType
	// text returns a text token's text, valid until next.
	text() []byte
	// tagName returns a start or end tag's lower-case name.
	tagName() string
	// attrs returns a start tag's attributes, valid until next.
	attrs() []html.Attribute
	// offset returns where in the page the current token starts.
	offset() int
}

// scanSource reads tokens with the scanner. Names are interned (package
// atom, then a map for the others) and values are views of the page, so
// a tag's attributes cost no allocation. Those views live only while the
// page is read: the walker copies what it keeps of them (links, images).
type scanSource struct {
	z *scanner
	// page is the page as a string, sharing its bytes, which nothing
	// writes while it is read.
	page string
	// list is attrs' result.
	list []html.Attribute
	// lower is scratch space for a lower-cased name; names interns the
	// names package atom does not know (data-*, aria-*) for the page.
	lower []byte
	names map[string]string
	// slow reads the tags that the Tokenizer rewrites.
	slow tagRereader
}

// newScanSource returns a source of page's tokens.
func newScanSource(page []byte) tokenSource {
	return &scanSource{z: newScanner(page), page: frozenString(page)}
}

// next scans the next token.
func (s *scanSource) next() html.TokenType {
	return s.z.next()
}

// offset returns where in the page the current token starts.
func (s *scanSource) offset() int {
	return s.z.raw0
}

// text returns a text token's text.
func (s *scanSource) text() []byte {
	return s.z.text()
}

// tagName returns the tag's lower-case name; one holding a NUL, which
// the Tokenizer rewrites, is asked of it.
func (s *scanSource) tagName() string {
	name := s.z.name()
	if hasNUL(name) {
		n, _ := s.slow.read(s.z.raw())
		return n
	}
	s.lower = appendLower(s.lower[:0], name)
	return s.intern(s.lower)
}

// attrs returns the start tag's attributes, keys lower-cased, values as
// written unless the Tokenizer would rewrite one (a NUL, a carriage
// return or a character reference), in which case it reads the tag.
func (s *scanSource) attrs() []html.Attribute {
	s.list = s.list[:0]
	b := s.z.b
	for _, a := range s.z.attrs {
		if hasNUL(b[a.k0:a.k1]) || needsUnescape(b[a.v0:a.v1]) {
			_, attrs := s.slow.read(s.z.raw())
			return attrs
		}
	}
	for _, a := range s.z.attrs {
		s.lower = appendLower(s.lower[:0], b[a.k0:a.k1])
		s.list = append(s.list, html.Attribute{Key: s.intern(s.lower), Val: s.page[a.v0:a.v1]})
	}
	return s.list
}

// intern returns a lower-case name as a string, interning the names
// package atom does not know for the whole page.
func (s *scanSource) intern(b []byte) string {
	if a := atom.Lookup(b); a != 0 {
		return a.String()
	}
	if name, ok := s.names[string(b)]; ok {
		return name
	}
	name := string(b)
	if s.names == nil {
		s.names = map[string]string{}
	}
	s.names[name] = name
	return name
}

// hasNUL reports whether b holds a NUL byte.
func hasNUL(b []byte) bool {
	for _, c := range b {
		if c == 0 {
			return true
		}
	}
	return false
}

// needsUnescape reports whether the Tokenizer rewrites an attribute
// value: it holds a NUL, a carriage return or a character reference.
func needsUnescape(v []byte) bool {
	for _, c := range v {
		if c == 0 || c == '\r' || c == '&' {
			return true
		}
	}
	return false
}
