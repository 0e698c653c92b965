package change

import "strings"

// fragment writes a slice of a page's lines as balanced HTML: an end tag
// whose element was not opened in the slice is left out, and the elements
// still open at its end are closed, so a part of a page (the context of a
// change, one side of a comparison) never swallows or breaks what follows.
type fragment struct {
	b    *strings.Builder
	open []string
}

// tag writes a start or end tag line.
func (f *fragment) tag(l *Line) {
	name := tagNameOf(l.HTML)
	if l.Kind == StartTag {
		f.b.WriteString(l.HTML)
		if !voidElements[name] {
			f.open = append(f.open, name)
		}
		return
	}
	for i := len(f.open) - 1; i >= 0; i-- {
		if f.open[i] == name {
			for len(f.open) > i {
				f.closeLast()
			}
			return
		}
	}
}

// closeLast writes the end tag of the innermost open element.
func (f *fragment) closeLast() {
	name := f.open[len(f.open)-1]
	f.open = f.open[:len(f.open)-1]
	f.b.WriteString("</" + name + ">")
}

// end closes every element still open.
func (f *fragment) end() {
	for len(f.open) > 0 {
		f.closeLast()
	}
	f.b.WriteByte('\n')
}

// tagNameOf returns the element name of a tag line ("<p class=x>", "</p>").
func tagNameOf(html string) string {
	s := strings.TrimPrefix(strings.TrimPrefix(html, "<"), "/")
	if i := strings.IndexAny(s, " >/"); i >= 0 {
		return s[:i]
	}
	return s
}
