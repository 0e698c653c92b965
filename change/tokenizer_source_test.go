package change

import (
	"bytes"

	"golang.org/x/net/html"
)

// tokenizerSource reads tokens with golang.org/x/net/html's Tokenizer,
// TagName and TagAttr: the path the stream took before the scanner, kept
// here as the reference the scanner must match.
type tokenizerSource struct {
	z    *html.Tokenizer
	list []html.Attribute
	// off is where the current token starts, raw the current token's length.
	off, raw int
}

// newTokenizerSource returns the Tokenizer's tokens of page.
func newTokenizerSource(page []byte) tokenSource {
	return &tokenizerSource{z: html.NewTokenizer(bytes.NewReader(page))}
}

// next scans the next token.
func (s *tokenizerSource) next() html.TokenType {
	s.off += s.raw
	tt := s.z.Next()
	s.raw = len(s.z.Raw())
	return tt
}

// offset returns where the current token starts.
func (s *tokenizerSource) offset() int { return s.off }

// text returns the Tokenizer's Text.
func (s *tokenizerSource) text() []byte { return s.z.Text() }

// tagName returns the Tokenizer's TagName as a string.
func (s *tokenizerSource) tagName() string {
	name, _ := s.z.TagName()
	return tagName(name)
}

// attrs returns the attributes TagAttr gives, one by one.
func (s *tokenizerSource) attrs() []html.Attribute {
	s.list = s.list[:0]
	for more := true; more; {
		var k, v []byte
		k, v, more = s.z.TagAttr()
		if k == nil {
			break
		}
		s.list = append(s.list, html.Attribute{Key: tagName(k), Val: string(v)})
	}
	return s.list
}
