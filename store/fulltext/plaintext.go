package fulltext

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// PlainText returns the text a reader sees in an HTML fragment: entities
// decoded, tags, comments and the insides of script and style dropped. Tags
// other than inline ones separate words, so that "<p>a</p><p>b</p>" reads
// "a b" while "<b>a</b>b" stays one word. Runs of white space become one
// space. Text that is not HTML comes back with its entities decoded.
func PlainText(fragment string) string {
	var b strings.Builder
	b.Grow(len(fragment)) // the text is rarely longer than its markup
	z := html.NewTokenizer(strings.NewReader(fragment))
	skip := atom.Atom(0) // the script or style element being skipped
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			return collapseSpace(b.String())
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			skip = skipping(skip, a, tt)
			if !inline[a] {
				b.WriteByte(' ')
			}
		}
	}
}

// collapseSpace returns s with its leading and trailing white space
// dropped and each inner run of it made one space, as
// strings.Join(strings.Fields(s), " ") does, without the list of words.
func collapseSpace(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for word := range strings.FieldsSeq(s) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(word)
	}
	return b.String()
}

// skipping returns the element plainText skips after a tag of type tt
// naming a: a script or style element, from its start tag to its end tag.
func skipping(current, a atom.Atom, tt html.TokenType) atom.Atom {
	switch {
	case tt == html.StartTagToken && current == 0 && (a == atom.Script || a == atom.Style):
		return a
	case tt == html.EndTagToken && current == a:
		return 0
	}
	return current
}

// inline are the elements that do not separate the words around them.
var inline = map[atom.Atom]bool{
	atom.A: true, atom.Abbr: true, atom.B: true, atom.Bdi: true, atom.Bdo: true,
	atom.Cite: true, atom.Code: true, atom.Data: true, atom.Del: true, atom.Dfn: true,
	atom.Em: true, atom.I: true, atom.Ins: true, atom.Kbd: true, atom.Mark: true,
	atom.Q: true, atom.S: true, atom.Samp: true, atom.Small: true, atom.Span: true,
	atom.Strong: true, atom.Sub: true, atom.Sup: true, atom.Time: true, atom.U: true,
	atom.Var: true,
}
