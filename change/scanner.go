package change

import (
	"bytes"

	"golang.org/x/net/html"
)

// scanner splits a whole page held in memory into the tokens
// golang.org/x/net/html's Tokenizer returns, with the same boundaries and
// types, without its copies: it reads the bytes in place, finds the next
// '<' with bytes.IndexByte instead of a call per byte, and keeps a tag's
// name and attributes as spans of the page. It never writes to the page.
// The states (tags, attributes, comments, doctypes, raw text, RCDATA and
// the script-data escapes) follow the Tokenizer's state for state,
// AllowCDATA left false as the stream never sets it.
type scanner struct {
	b []byte
	// pos is where the next token starts; the current one is b[raw0:pos].
	pos, raw0 int
	tt        html.TokenType
	// data0 and data1 bound a text token's text or a tag's name.
	data0, data1 int
	// rawTag is the lower-case name of the raw-text element whose content
	// is the next token ("" when there is none).
	rawTag string
	// textIsRaw is set when a text token is not unescaped, convertNUL when
	// its NUL bytes become U+FFFD.
	textIsRaw, convertNUL bool
	// attrs are the current start tag's attributes that the Tokenizer
	// keeps: a key not empty and not seen before in the tag.
	attrs []attrSpan
	// keys is seen's set of the lower-cased keys of a tag of many
	// attributes; lower its scratch space.
	keys  map[string]bool
	lower []byte
}

// attrSpan bounds an attribute's key and value in the page.
type attrSpan struct {
	k0, k1, v0, v1 int
}

// newScanner returns a scanner over page.
func newScanner(page []byte) *scanner {
	return &scanner{b: page}
}

// next scans the next token and returns its type; html.ErrorToken at the
// end of the page.
func (z *scanner) next() html.TokenType {
	z.raw0, z.data0, z.data1 = z.pos, z.pos, z.pos
	z.attrs = z.attrs[:0]
	if z.pos >= len(z.b) {
		z.tt = html.ErrorToken
		return z.tt
	}
	if z.rawTag != "" && z.rawText() {
		return z.tt
	}
	z.textIsRaw, z.convertNUL = false, false
	z.tt = z.markup()
	return z.tt
}

// rawText reads the content of a raw-text or RCDATA element up to its end
// tag; it reports whether that content is a (non-empty) text token.
func (z *scanner) rawText() bool {
	tag := z.rawTag
	z.rawTag = ""
	switch tag {
	case "plaintext":
		z.pos = len(z.b)
	case "script":
		z.pos = scriptEnd(z.b, z.pos)
	default:
		z.pos = rawEnd(z.b, z.pos, tag)
	}
	z.textIsRaw = tag != "textarea" && tag != "title"
	if z.pos == z.raw0 {
		return false
	}
	z.data1, z.convertNUL, z.tt = z.pos, true, html.TextToken
	return true
}

// markup reads text up to the next tag, comment or doctype, or that token
// when no text comes first.
func (z *scanner) markup() html.TokenType {
	b, n := z.b, len(z.b)
	for i := z.pos; ; i++ {
		j := bytes.IndexByte(b[i:], '<')
		if j < 0 || i+j+1 >= n {
			return z.textTo(n)
		}
		i += j
		c := b[i+1]
		if !isASCIILetter(c) && c != '/' && c != '!' && c != '?' {
			continue
		}
		if i > z.raw0 {
			return z.textTo(i)
		}
		switch {
		case isASCIILetter(c):
			return z.startTag(i + 1)
		case c == '/':
			return z.endTag(i + 2)
		case c == '!':
			return z.declaration(i + 2)
		}
		return z.commentTo(closeAngle(b, i+1))
	}
}

// textTo ends a text token at end.
func (z *scanner) textTo(end int) html.TokenType {
	z.pos, z.data1 = end, end
	if end == z.raw0 {
		return html.ErrorToken
	}
	return html.TextToken
}

// commentTo ends a comment token at end.
func (z *scanner) commentTo(end int) html.TokenType {
	z.pos = end
	return html.CommentToken
}

// fail ends the scan: a tag cut by the end of the page is no token.
func (z *scanner) fail() html.TokenType {
	z.pos = len(z.b)
	z.attrs = z.attrs[:0]
	return html.ErrorToken
}

// startTag reads a start tag whose name starts at p; it flags the content
// of a raw-text element for the next call.
func (z *scanner) startTag(p int) html.TokenType {
	if !z.tag(p, true) {
		return z.fail()
	}
	z.rawTag = rawTagName(z.b[z.data0:z.data1])
	last := z.pos - 2
	if z.b[last] == '/' && (len(z.attrs) == 0 || last != z.attrs[len(z.attrs)-1].v1-1) {
		return html.SelfClosingTagToken
	}
	return html.StartTagToken
}

// endTag reads what follows "</" at p: an end tag, "</>" (an empty
// comment) or a bogus comment.
func (z *scanner) endTag(p int) html.TokenType {
	if p >= len(z.b) {
		return z.textTo(len(z.b))
	}
	switch c := z.b[p]; {
	case c == '>':
		return z.commentTo(p + 1)
	case isASCIILetter(c):
		if !z.tag(p, false) {
			return z.fail()
		}
		return html.EndTagToken
	}
	return z.commentTo(closeAngle(z.b, p))
}

// declaration reads what follows "<!" at p: a comment, a doctype or a
// bogus comment.
func (z *scanner) declaration(p int) html.TokenType {
	b := z.b
	if p+1 >= len(b) {
		return z.commentTo(len(b))
	}
	if b[p] == '-' && b[p+1] == '-' {
		return z.commentTo(commentEnd(b, p+2))
	}
	if hasFoldedPrefix(b[p:], "doctype") {
		z.pos = closeAngle(b, p+len("doctype"))
		return html.DoctypeToken
	}
	return z.commentTo(closeAngle(b, p))
}

// tag reads a tag's name starting at p and its attributes, saving them if
// save; it reports false when the page ends inside the tag.
func (z *scanner) tag(p int, save bool) bool {
	b, n := z.b, len(z.b)
	z.data0 = p
	for p++; ; p++ {
		if p >= n {
			return false
		}
		if c := b[p]; isTagSpace(c) {
			z.data1 = p
			p++
			break
		} else if c == '/' || c == '>' {
			z.data1 = p
			break
		}
	}
	for {
		p = skipSpace(b, p)
		if p >= n {
			return false
		}
		if b[p] == '>' {
			z.pos = p + 1
			return true
		}
		k0, k1 := p, attrKeyEnd(b, p)
		if k1 >= n {
			return false
		}
		v0, v1, next, ok := attrVal(b, k1)
		if !ok {
			return false
		}
		if save && k1 > k0 && !z.seen(b[k0:k1]) {
			z.attrs = append(z.attrs, attrSpan{k0, k1, v0, v1})
		}
		p = next
	}
}

// seen reports whether the current tag already has an attribute named
// key, ASCII case folded as the Tokenizer lower-cases names. It compares
// with each key the tag has, or past manyAttrs of them looks the key up
// in a set, so that a tag of thousands of attributes takes linear time.
func (z *scanner) seen(key []byte) bool {
	if len(z.attrs) < manyAttrs {
		for _, a := range z.attrs {
			if equalFoldASCII(z.b[a.k0:a.k1], key) {
				return true
			}
		}
		return false
	}
	if len(z.attrs) == manyAttrs {
		if z.keys == nil {
			z.keys = map[string]bool{}
		}
		clear(z.keys)
		for _, a := range z.attrs {
			z.keys[string(appendLower(nil, z.b[a.k0:a.k1]))] = true
		}
	}
	z.lower = appendLower(z.lower[:0], key)
	if z.keys[string(z.lower)] {
		return true
	}
	z.keys[string(z.lower)] = true
	return false
}

// manyAttrs is the number of attributes past which seen uses a set.
const manyAttrs = 16

// name returns the current tag's name as written.
func (z *scanner) name() []byte {
	return z.b[z.data0:z.data1]
}

// raw returns the current token's bytes.
func (z *scanner) raw() []byte {
	return z.b[z.raw0:z.pos]
}

// text returns a text token's text as the Tokenizer's Text does: newlines
// normalised, NUL replaced in raw text, character references decoded
// unless the text is raw. It is a slice of the page unless one of those
// rewrites applies.
func (z *scanner) text() []byte {
	s := z.b[z.data0:z.data1]
	rewrite := bytes.IndexByte(s, '\r') >= 0 ||
		z.convertNUL && bytes.IndexByte(s, 0) >= 0 ||
		!z.textIsRaw && bytes.IndexByte(s, '&') >= 0
	if !rewrite {
		return s
	}
	s = convertNewlines(bytes.Clone(s))
	if z.convertNUL {
		s = bytes.ReplaceAll(s, []byte{0}, []byte("\ufffd"))
	}
	if !z.textIsRaw {
		s = []byte(html.UnescapeString(string(s)))
	}
	return s
}

// convertNewlines rewrites "\r\n" and "\r" in s to "\n", in place.
func convertNewlines(s []byte) []byte {
	out := s[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\r' {
			c = '\n'
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
		}
		out = append(out, c)
	}
	return out
}
