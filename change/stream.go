package change

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"strings"

	"golang.org/x/net/html"
)

// maxDepth bounds the open elements the streaming reader tracks, so a
// hostile page of endless unclosed tags cannot make block paths grow
// without bound; deeper elements are read as text containers of the
// deepest tracked one.
const maxDepth = 256

// impliedEnd lists, for a start tag, the open elements it closes when
// they are innermost, as HTML's optional end tags say (<p>a<p>b is two
// paragraphs, <dt>k<dd>v a term and its definition).
var impliedEnd = map[string][]string{
	"li": {"li"}, "dt": {"dt", "dd"}, "dd": {"dt", "dd"}, "option": {"option"},
	"tr": {"td", "th", "tr"}, "td": {"td", "th"}, "th": {"td", "th"},
}

// closesP are the start tags that close an open paragraph.
var closesP = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "div": true,
	"dl": true, "fieldset": true, "footer": true, "form": true, "h1": true, "h2": true,
	"h3": true, "h4": true, "h5": true, "h6": true, "header": true, "hr": true,
	"main": true, "nav": true, "ol": true, "p": true, "pre": true, "section": true,
	"table": true, "ul": true,
}

// stream reads a whole page (no selector) from the HTML tokens of src (the
// scanner's), without building the document tree: the fast path of
// Extract. It emits the same
// lines as the tree walk for well-formed pages; for malformed ones it
// closes elements by optional end tags and matching end tags only, not by
// all of HTML's tree-construction rules, so its lines can differ from a
// browser's tree (consistently from one version to the next).
func (w *walker) stream(src tokenSource) {
	s := streamer{w: w, z: src, head: sha256.New()}
	for !w.capped && s.next() {
	}
	if w.capped {
		w.compared = src.offset()
	}
	for len(w.stack) > 0 {
		w.close()
	}
	w.headH = hex.EncodeToString(s.head.Sum(nil))
}

// streamer is the state of one streaming read.
type streamer struct {
	w    *walker
	z    tokenSource
	head hash.Hash
	// inHead is set between <head> and the body; title collects the
	// title's text.
	inHead, inTitle bool
	title           strings.Builder
	// skip counts the open skipped elements (scripts, styles, ...) whose
	// content is dropped; skipName is the outermost one's name.
	skip     int
	skipName string
	// extra counts open elements beyond maxDepth.
	extra int
}

// next handles one token; it reports false at the end of the page.
func (s *streamer) next() bool {
	switch s.z.next() {
	case html.ErrorToken:
		return false
	case html.TextToken:
		s.text()
	case html.StartTagToken:
		s.start(false)
	case html.SelfClosingTagToken:
		s.start(true)
	case html.EndTagToken:
		s.end(s.z.tagName())
	}
	return true
}

// text handles a text token.
func (s *streamer) text() {
	switch {
	case s.skip > 0:
	case s.inTitle:
		t := s.z.text()
		s.title.Write(t[:min(len(t), max(0, maxTitle-s.title.Len()))])
	case s.inHead:
	default:
		s.w.blockText(s.z.text())
	}
}

// start handles a start tag.
func (s *streamer) start(selfClosing bool) {
	tag := s.z.tagName()
	if s.skip > 0 {
		if tag == s.skipName && !selfClosing {
			s.skip++
		}
		return
	}
	attrs := s.z.attrs()
	switch {
	case tag == "html":
		return
	case tag == "head":
		s.inHead = true
		return
	case tag == "title" && (s.inHead || len(s.w.stack) == 0):
		// A title before any body element is the head's, <head> or not.
		s.inTitle = true
		return
	case s.inHead && (tag == "meta" || tag == "link" || tag == "base"):
		s.head.Write(appendStartTag(nil, tag, attrs, nil))
		s.head.Write([]byte{0})
		return
	case skipped[tag]:
		if !selfClosing && !voidElements[tag] {
			s.skip, s.skipName = 1, tag
		}
		return
	}
	s.inHead = false
	s.element(tag, attrs, selfClosing)
}

// element opens a body element, closing a same-named one whose end tag
// is optional.
func (s *streamer) element(tag string, attrs []html.Attribute, selfClosing bool) {
	w := s.w
	for len(w.stack) > 0 && closedBy(w.stack[len(w.stack)-1], tag) {
		w.close()
	}
	if len(w.stack) >= maxDepth {
		if !voidElements[tag] && !selfClosing {
			s.extra++
		}
		return
	}
	if w.open(tag, attrs) && selfClosing {
		w.close()
	}
}

// closedBy reports whether a start tag closes the innermost open element.
func closedBy(open, tag string) bool {
	if open == "p" {
		return closesP[tag]
	}
	for _, c := range impliedEnd[tag] {
		if c == open {
			return true
		}
	}
	return false
}

// end handles an end tag: it closes the elements up to the innermost open
// one of that name; an end tag with no open element is dropped.
func (s *streamer) end(tag string) {
	switch {
	case s.skip > 0:
		if tag == s.skipName {
			s.skip--
		}
		return
	case tag == "title" && s.inTitle:
		s.inTitle = false
		s.w.title = collapse(s.title.String())
		s.head.Write([]byte("title\x00" + s.w.title + "\x00"))
		return
	case tag == "head":
		s.inHead = false
		return
	case s.extra > 0:
		s.extra--
		return
	}
	w := s.w
	for i := len(w.stack) - 1; i >= 0; i-- {
		if w.stack[i] == tag {
			for len(w.stack) > i {
				w.close()
			}
			return
		}
	}
}
