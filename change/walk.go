package change

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// skipped are the elements whose content is never watched nor shown:
// scripts and styles are never executed or displayed (Glance et al. §3.2
// left scripts unhandled; vigil drops them).
var skipped = map[string]bool{
	"script": true, "style": true, "noscript": true, "template": true,
	"iframe": true, "object": true, "embed": true, "head": true,
}

// walker accumulates a Document while walking a page.
type walker struct {
	x     *extractor
	lines []Line
	// spans hold each line's HTML and Text as offsets into buf and tbuf,
	// turned into strings once in finish (one allocation, not one a line).
	spans []span
	// buf holds the lines' HTML; tbuf the text lines' texts, each
	// followed by a newline.
	buf, tbuf []byte
	// unwatched is set once a text line is ignored or noise.
	unwatched bool
	words     map[string]int
	links     map[string]bool
	images    map[string]bool
	title     string
	headH     string
	// path is the block path of the element being walked, its parts
	// joined by "/", and pathEnds the length of path before each part;
	// stack holds the names of the open elements.
	path     []byte
	pathEnds []int
	stack    []string
	// seen numbers the blocks of each path: the index in counts of the
	// number of its blocks so far (a slice, not a pointer each); name is
	// scratch space for a block's name.
	seen   map[string]int
	counts []int
	name   []byte
	// arena holds the block names and the keys of seen.
	arena stringArena
	// capped is set once the lines kept reach the extractor's maxKept
	// bytes or its maxWords: nothing more of the page is kept (see
	// Document.Capped); compared is then how much of the page was read,
	// when the reader knows it.
	capped   bool
	compared int
	// sketch counts the distinct words of the lines kept, on pages large
	// enough to hold too many (nil on the others).
	sketch *wordSketch
}

// span locates a line's HTML in walker.buf and its Text in walker.tbuf.
type span struct {
	html, text [2]int
}

// newWalker returns an empty walker for x, sized for a body of n bytes.
func newWalker(x *extractor, n int) *walker {
	w := &walker{
		x: x, words: map[string]int{}, links: map[string]bool{},
		images: map[string]bool{}, seen: map[string]int{},
	}
	if n >= sketchFrom {
		w.sketch = newWordSketch(x.maxWords)
	}
	n = min(n, x.maxKept, 1<<20)
	w.lines, w.spans = make([]Line, 0, n/32), make([]span, 0, n/32)
	w.buf, w.tbuf = make([]byte, 0, n), make([]byte, 0, n/2)
	return w
}

// addLine appends a line whose HTML is buf[start:] and whose text is
// tbuf[tstart:].
func (w *walker) addLine(l Line, start, tstart int) {
	w.lines = append(w.lines, l)
	w.spans = append(w.spans, span{html: [2]int{start, len(w.buf)}, text: [2]int{tstart, len(w.tbuf)}})
}

// head fingerprints the head: title, meta, link and base elements.
func (w *walker) head(n *html.Node) {
	if n == nil {
		return
	}
	h := sha256.New()
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		switch c.Data {
		case "title":
			w.title = collapse(nodeText(c))
			h.Write([]byte("title\x00" + w.title + "\x00"))
		case "meta", "link", "base":
			h.Write(appendStartTag(nil, c.Data, c.Attr, nil))
			h.Write([]byte{0})
		}
	}
	w.headH = hex.EncodeToString(h.Sum(nil))
}

// node walks an element or text node of the watched region.
func (w *walker) node(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		w.text(n.Data, w.blockKey())
	case html.ElementNode:
		if skipped[n.Data] {
			return
		}
		w.element(n)
	case html.DocumentNode:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			w.node(c)
		}
	}
}

// element emits an element's start tag, children and end tag.
func (w *walker) element(n *html.Node) {
	if !w.open(n.Data, n.Attr) {
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.node(c)
	}
	w.close()
}

// open emits a start tag and, unless the element is void, enters it; it
// reports whether it entered.
func (w *walker) open(name string, attrs []html.Attribute) bool {
	if w.full() {
		return false
	}
	w.collect(name, attrs)
	start := len(w.buf)
	w.buf = appendStartTag(w.buf, name, attrs, w.x.base)
	w.addLine(Line{Kind: StartTag}, start, len(w.tbuf))
	if voidElements[name] {
		return false
	}
	w.pushPath(name, attrs)
	w.stack = append(w.stack, name)
	return true
}

// close emits the end tag of the innermost open element and leaves it.
func (w *walker) close() {
	name := w.stack[len(w.stack)-1]
	w.stack = w.stack[:len(w.stack)-1]
	w.popPath()
	start := len(w.buf)
	w.buf = append(append(append(w.buf, "</"...), name...), '>')
	w.addLine(Line{Kind: EndTag}, start, len(w.tbuf))
}

// collect records the links and images of an element. The attribute
// values may be views of the page being read (scanSource), so what is
// kept is a copy.
func (w *walker) collect(name string, attrs []html.Attribute) {
	switch name {
	case "a", "area":
		if v, ok := attr(attrs, "href"); ok && v != "" && !strings.HasPrefix(v, "#") {
			keep(w.links, w.x.linkTarget(w.resolve(v)))
		}
	case "img":
		if v, ok := attr(attrs, "src"); ok && v != "" {
			keep(w.images, w.resolve(v))
		}
	}
}

// keep adds a copy of s to set unless it is there.
func keep(set map[string]bool, s string) {
	if !set[s] {
		set[strings.Clone(s)] = true
	}
}

// resolve makes ref absolute against the base URL, if there is one.
func (w *walker) resolve(ref string) string {
	ref = strings.TrimSpace(ref)
	if w.x.base == nil {
		return ref
	}
	return resolveRef(w.x.base, ref)
}

// resolveRef makes ref absolute against base; an unparsable ref stays as
// written.
func resolveRef(base *url.URL, ref string) string {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return ref
	}
	return base.ResolveReference(u).String()
}

// text emits a text line unless s is blank.
func (w *walker) text(raw, block string) {
	if w.full() {
		return
	}
	tstart := len(w.tbuf)
	w.tbuf = appendCollapsed(w.tbuf, raw[:w.keepable(len(raw))])
	if len(w.tbuf) == tstart {
		return
	}
	w.textLine(tstart, block)
}

// textLine emits the text line tbuf[tstart:], not blank, of block.
func (w *walker) textLine(tstart int, block string) {
	s := w.tbuf[tstart:]
	w.sketch.add(s)
	l := Line{Kind: TextLine, Block: block}
	l.Ignored = len(w.x.ignore) > 0 && w.x.ignored(string(s))
	l.Noise = w.x.noise[block]
	l.Numbers = w.x.numbers[block] && hasMaskable(s)
	start := len(w.buf)
	w.buf = appendEscaped(w.buf, s)
	w.addLine(l, start, tstart)
	w.tbuf = append(w.tbuf, '\n')
	w.unwatched = w.unwatched || !l.watched() || l.Numbers
}

// finish fills d from what was walked.
func (w *walker) finish(d *Document) {
	all, texts := frozenString(w.buf), frozenString(w.tbuf)
	for i, sp := range w.spans {
		w.lines[i].HTML = all[sp.html[0]:sp.html[1]]
		w.lines[i].Text = texts[sp.text[0]:sp.text[1]]
	}
	w.hideKnownValues()
	d.Lines, d.Capped = w.lines, w.capped
	if w.capped {
		d.Compared = w.compared
	}
	d.Text = w.watchedText(texts)
	countWords(w.words, d.Text)
	d.Words = w.words
	d.Title, d.HeadDigest = w.title, w.headH
	d.Links, d.Images = sortedKeys(w.links), sortedKeys(w.images)
	d.Tokens, d.Phrases = terms(w.x, d.Text)
	d.Visible = VisibleDigest(d.Words, d.Links, d.Images)
	if w.x.filtered() {
		h := sha256.New()
		for _, l := range w.lines {
			switch {
			case l.Kind == TextLine && l.Numbers:
				h.Write([]byte(maskNumbers(l.Text)))
				h.Write([]byte{'\n'})
			case l.Kind != TextLine || l.watched():
				h.Write([]byte(l.HTML))
				h.Write([]byte{'\n'})
			}
		}
		d.Digest = hex.EncodeToString(h.Sum(nil))
	}
}

// terms counts the stems and lexical affinities of s with the Analyzer's
// Count, which tallies the same terms as its Terms list but builds one
// string per distinct affinity, in maps of their final size.
func terms(x *extractor, s string) (tokens, phrases map[string]int) {
	return x.analyzer.Count(s)
}

// countWords adds the lower-cased words of s (runs of letters, digits and
// combining marks) to the inverted index. Keys are substrings of s where
// no lower-casing is needed, so most words cost no allocation; ASCII is
// classified without decoding, and a word of lower-case ASCII is not
// passed through strings.ToLower.
func countWords(index map[string]int, s string) {
	start, lower := -1, true
	for i := 0; i < len(s); {
		c, size := s[i], 1
		var inWord bool
		if c < utf8.RuneSelf {
			inWord = isASCIIWordByte(c)
			lower = lower && !('A' <= c && c <= 'Z')
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			inWord, lower = !notWordRune(r), false
		}
		switch {
		case inWord:
			if start < 0 {
				start = i
			}
		case start >= 0:
			index[lowerWord(s[start:i], lower)]++
			start, lower = -1, true
		default:
			lower = true
		}
		i += size
	}
	if start >= 0 {
		index[lowerWord(s[start:], lower)]++
	}
}

// lowerWord returns w lower-cased; lower says it already is.
func lowerWord(w string, lower bool) string {
	if lower {
		return w
	}
	return strings.ToLower(w)
}

// isASCIIWordByte reports whether c is an ASCII letter or digit, the ASCII
// runes notWordRune does not take for separators.
func isASCIIWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// collapse trims s and folds each run of white space into one space.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// nodeText returns the text inside n.
func nodeText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// appendStartTag appends an element's start tag with its attributes,
// event handlers left out, links and image sources made absolute against
// base when it is not nil.
func appendStartTag(dst []byte, name string, attrs []html.Attribute, base *url.URL) []byte {
	dst = append(append(dst, '<'), name...)
	for _, a := range attrs {
		if a.Namespace != "" || isEventHandler(a.Key) {
			continue
		}
		v := a.Val
		if base != nil && (a.Key == "href" || a.Key == "src") {
			v = resolveRef(base, v)
		}
		dst = append(append(append(dst, ' '), a.Key...), `="`...)
		dst = appendEscaped(dst, v)
		dst = append(dst, '"')
	}
	return append(dst, '>')
}

// isEventHandler reports whether an attribute name starts with "on" in
// any case, as strings.HasPrefix(strings.ToLower(key), "on") does (no
// other rune lower-cases to an ASCII o or n).
func isEventHandler(key string) bool {
	return len(key) >= 2 && key[0]|0x20 == 'o' && key[1]|0x20 == 'n'
}

// appendEscaped appends s with <, >, &, ' and " escaped, copying the runs
// between them whole.
func appendEscaped[T string | []byte](dst []byte, s T) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '&':
			esc = "&amp;"
		case '\'':
			esc = "&#39;"
		case '"':
			esc = "&#34;"
		default:
			continue
		}
		dst = append(append(dst, s[last:i]...), esc...)
		last = i + 1
	}
	return append(dst, s[last:]...)
}

// appendCollapsed appends s trimmed, each run of white space folded into
// one space.
func appendCollapsed(dst []byte, s string) []byte {
	start := len(dst)
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && len(dst) > start {
			dst = append(dst, ' ')
		}
		space = false
		dst = utf8.AppendRune(dst, r)
	}
	return dst
}

// appendPathPart appends an element's name in a block path: tag, #id,
// .first-class.
func appendPathPart(dst []byte, name string, attrs []html.Attribute) []byte {
	dst = append(dst, name...)
	if id, ok := attr(attrs, "id"); ok && id != "" {
		dst = append(append(dst, '#'), id...)
	}
	if cl, ok := attr(attrs, "class"); ok {
		if f := firstField(cl); f != "" {
			dst = append(append(dst, '.'), f...)
		}
	}
	return dst
}

// firstField returns the first of strings.Fields(s), "" when there is none.
func firstField(s string) string {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		return s[:i]
	}
	return s
}

// attr returns the value of the attribute key.
func attr(attrs []html.Attribute, key string) (string, bool) {
	for _, a := range attrs {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// sortedKeys returns the keys of set, sorted.
func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// voidElements have no end tag.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true,
	"hr": true, "img": true, "input": true, "link": true, "meta": true,
	"param": true, "source": true, "track": true, "wbr": true,
}

// notWordRune reports whether r separates words.
func notWordRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r)
}
