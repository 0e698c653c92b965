package text

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// PlainText returns the text content of an HTML document or fragment:
// entities decoded; the contents of script, style, noscript, template and
// iframe elements dropped; the boundaries of block elements, <br> and <img>
// turned into spaces, while inline elements such as <b> join their text to
// what surrounds them; runs of white space (no-break spaces included)
// collapsed into one space; no space at either end. Plain text without tags
// comes back unchanged apart from entity decoding and white-space
// collapsing. Malformed HTML is read the way a browser's tokenizer reads
// it; an unclosed script or style element hides the rest of the input.
func PlainText(htmlText string) string {
	b := appendPlainText(nil, htmlText)
	if string(b) == htmlText {
		return htmlText
	}
	return string(b)
}

// appendPlainText appends the text content of htmlText to dst.
func appendPlainText(dst []byte, htmlText string) []byte {
	w := spaceCollapser{dst: dst, start: len(dst)}
	z := html.NewTokenizer(strings.NewReader(htmlText))
	hidden := 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return w.dst
		case html.TextToken:
			if hidden == 0 {
				w.write(z.Text())
			}
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			hidden = w.tag(tt, tagAtom(z), hidden)
		}
	}
}

// tagAtom returns the atom of the current tag token of z.
func tagAtom(z *html.Tokenizer) atom.Atom {
	name, _ := z.TagName()
	return atom.Lookup(name)
}

// spaceCollapser appends text to dst, collapsing white space into single
// spaces and writing none before the first or after the last word.
type spaceCollapser struct {
	dst []byte
	// start is where the text begins in dst.
	start int
	// pending tells whether a space is owed before the next word.
	pending bool
}

// tag accounts for a tag token of type tt and element a, given the depth
// of hidden elements around it, and returns the new depth. Outside hidden
// elements, the boundaries of a block element owe a space.
func (w *spaceCollapser) tag(tt html.TokenType, a atom.Atom, hidden int) int {
	switch {
	case isHiddenElement(a) && tt == html.StartTagToken:
		return hidden + 1
	case isHiddenElement(a) && tt == html.EndTagToken:
		return max(hidden-1, 0)
	case hidden == 0 && isBlockElement(a):
		w.pending = true
	}
	return hidden
}

// write appends text, collapsing white space.
func (w *spaceCollapser) write(text []byte) {
	for i := 0; i < len(text); {
		if n := asciiWordLen(text[i:]); n > 0 {
			w.word(text[i : i+n])
			i += n
			continue
		}
		r, size := utf8.DecodeRune(text[i:])
		if isSpace(r) {
			w.pending = true
		} else {
			w.word(text[i : i+size])
		}
		i += size
	}
}

// asciiWordLen returns the length of the run of ASCII characters other
// than white space at the start of text.
func asciiWordLen(text []byte) int {
	n := 0
	for n < len(text) && text[n] < utf8.RuneSelf && !isSpace(rune(text[n])) {
		n++
	}
	return n
}

// word appends bytes holding no white space, after an owed space.
func (w *spaceCollapser) word(c []byte) {
	if w.pending && len(w.dst) > w.start {
		w.dst = append(w.dst, ' ')
	}
	w.pending = false
	w.dst = append(w.dst, c...)
}

// isSpace reports whether r is white space, Unicode's no-break spaces
// included.
func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f', '\v':
		return true
	}
	return r >= utf8.RuneSelf && unicode.IsSpace(r)
}

// isHiddenElement reports whether the content of elements a is never shown
// as text.
func isHiddenElement(a atom.Atom) bool {
	switch a {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Iframe:
		return true
	}
	return false
}

// isBlockElement reports whether elements a break the flow of text, so
// that their boundaries separate words.
func isBlockElement(a atom.Atom) bool {
	switch a {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Br,
		atom.Caption, atom.Dd, atom.Details, atom.Dialog, atom.Div, atom.Dl,
		atom.Dt, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer,
		atom.Form, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6,
		atom.Header, atom.Hgroup, atom.Hr, atom.Li, atom.Main, atom.Nav,
		atom.Ol, atom.Option, atom.P, atom.Pre, atom.Section, atom.Summary,
		atom.Table, atom.Tbody, atom.Td, atom.Tfoot, atom.Th, atom.Thead,
		atom.Title, atom.Tr, atom.Ul, atom.Img:
		return true
	}
	return false
}
