package feed

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// plainTitle returns a feed or item title as plain text with its white
// space collapsed. Titles are plain text in vigil, but feeds send HTML
// ones (Atom type="html" or "xhtml", RSS titles with escaped markup) and
// gofeed hands them over as markup. Which it is cannot be told from the
// string alone, so the title is read as HTML only when it holds at least
// one HTML element: then its tags are dropped, their text kept and its
// character references decoded. Any other title, such as "a < b" or
// "AT&amp;T", is kept as it is but for its white space.
func plainTitle(s string) string {
	if strings.IndexByte(s, '<') >= 0 && hasElement(s) {
		s = htmlText(s)
	}
	if !needsCollapse(s) {
		return s
	}
	return strings.Join(strings.FieldsFunc(s, isHTMLSpaceRune), " ")
}

// needsCollapse reports whether s has white space to trim or collapse:
// at either end, other than a single space, or two in a row.
func needsCollapse(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHTMLSpace(s[i]) {
			continue
		}
		if s[i] != ' ' || i == 0 || i == len(s)-1 || isHTMLSpace(s[i+1]) {
			return true
		}
	}
	return false
}

// isHTMLSpaceRune reports whether r is HTML white space; a no-break space
// is not, since a title uses it on purpose.
func isHTMLSpaceRune(r rune) bool { return r < 0x80 && isHTMLSpace(byte(r)) }

// voidElements are the elements without an end tag that a title may use.
var voidElements = map[atom.Atom]bool{atom.Br: true, atom.Img: true, atom.Wbr: true, atom.Hr: true}

// hasElement reports whether s holds an HTML element: a known element
// closed by its end tag, a self-closing one or a void one such as <br>.
// An unclosed "<b" or "<b>" in a title is more likely text than markup.
func hasElement(s string) bool {
	z := html.NewTokenizer(strings.NewReader(s))
	open := map[atom.Atom]bool{}
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return false
		}
		name, _ := z.TagName()
		a := atom.Lookup(name)
		if a == 0 {
			continue
		}
		switch tt {
		case html.SelfClosingTagToken:
			return true
		case html.StartTagToken:
			if voidElements[a] {
				return true
			}
			open[a] = true
		case html.EndTagToken:
			if open[a] {
				return true
			}
		}
	}
}

// inlineElements are the elements whose tags do not separate words, so
// "<b>bold</b>face" reads "boldface" while "one<br>two" reads "one two".
var inlineElements = map[atom.Atom]bool{
	atom.A: true, atom.Abbr: true, atom.B: true, atom.Bdi: true, atom.Bdo: true,
	atom.Cite: true, atom.Code: true, atom.Data: true, atom.Del: true, atom.Dfn: true,
	atom.Em: true, atom.Font: true, atom.I: true, atom.Ins: true, atom.Kbd: true,
	atom.Mark: true, atom.Q: true, atom.S: true, atom.Samp: true, atom.Small: true,
	atom.Span: true, atom.Strike: true, atom.Strong: true, atom.Sub: true, atom.Sup: true,
	atom.Time: true, atom.Tt: true, atom.U: true, atom.Var: true,
}

// hiddenElements are the elements whose text is not shown.
var hiddenElements = map[atom.Atom]bool{atom.Script: true, atom.Style: true, atom.Template: true}

// htmlText returns the text of an HTML fragment with its character
// references decoded, leaving out script and style, and a space where a
// tag other than an inline one separates words.
func htmlText(s string) string {
	z := html.NewTokenizer(strings.NewReader(s))
	var b strings.Builder
	hidden := 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			return b.String()
		case html.TextToken:
			if hidden == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken:
			hidden += tagSpace(z, &b)
		case html.EndTagToken:
			hidden = max(0, hidden-tagSpace(z, &b))
		case html.SelfClosingTagToken:
			tagSpace(z, &b)
		}
	}
}

// tagSpace writes the space the current tag stands for and returns 1 when
// it names a hidden element, else 0.
func tagSpace(z *html.Tokenizer, b *strings.Builder) int {
	name, _ := z.TagName()
	a := atom.Lookup(name)
	if !inlineElements[a] {
		b.WriteByte(' ')
	}
	if hiddenElements[a] {
		return 1
	}
	return 0
}
