package feed

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
)

// absoluteURLs rewrites the relative URLs of an HTML fragment's href, src,
// srcset and poster attributes as absolute URLs resolved against base, so
// that an item's <img src="x.png"> does not point at vigil once shown.
// Absolute URLs (data:, mailto: and any other scheme included),
// fragment-only ones ("#note") and empty ones are left alone. Only the
// values rewritten change: the fragment is read with the HTML tokenizer,
// not parsed into a tree, and every other byte is copied as it was. A
// fragment without such an attribute, or a base that is not an absolute
// http(s) URL, leaves doc unchanged.
func absoluteURLs(doc, base string) string {
	if !mayHaveRelativeURL(doc) {
		return doc
	}
	b, err := url.Parse(base)
	if err != nil || (b.Scheme != "http" && b.Scheme != "https") || b.Host == "" {
		return doc
	}
	var out strings.Builder
	out.Grow(len(doc) + 64)
	z := html.NewTokenizer(strings.NewReader(doc))
	for {
		switch z.Next() {
		case html.ErrorToken:
			out.Write(z.Raw()) // an unfinished tag at the end
			return out.String()
		case html.StartTagToken, html.SelfClosingTagToken:
			if raw := z.Raw(); mayHaveRelativeURL(raw) {
				writeTag(&out, string(raw), z, b) // copied: TagAttr decodes in place
			} else {
				out.Write(raw)
			}
		default:
			out.Write(z.Raw())
		}
	}
}

// urlAttrName returns the lower-case name of a URL attribute (href, src,
// srcset or poster) when s[start:end] is one in any case, else "".
func urlAttrName[T string | []byte](s T, start, end int) string {
	for _, name := range [...]string{"href", "src", "srcset", "poster"} {
		if end-start == len(name) && equalFoldASCII(s, start, name) {
			return name
		}
	}
	return ""
}

// equalFoldASCII reports whether s, from start on, spells lower in any
// case; lower is lower-case ASCII letters.
func equalFoldASCII[T string | []byte](s T, start int, lower string) bool {
	for i := range len(lower) {
		if s[start+i]|0x20 != lower[i] {
			return false
		}
	}
	return true
}

// mayHaveRelativeURL reports cheaply, without tokenizing, whether s may
// hold a URL attribute with a relative URL: whether the name of one, in
// any case, comes before an "=" (white space allowed between) and the
// value after it does not start with a scheme or "#" (a srcset always
// counts). It errs only towards true.
func mayHaveRelativeURL[T string | []byte](s T) bool {
	for i := range len(s) {
		if s[i] != '=' {
			continue
		}
		start, end := wordBefore(s, i)
		switch urlAttrName(s, start, end) {
		case "":
			continue
		case "srcset":
			return true
		}
		if !valueKeptAsIs(s, i+1) {
			return true
		}
	}
	return false
}

// valueKeptAsIs reports whether the attribute value that starts at s[i]
// (white space and an opening quote skipped) is one resolveRef keeps:
// empty, fragment-only or starting with a scheme.
func valueKeptAsIs[T string | []byte](s T, i int) bool {
	i = skipSpace(s, i)
	quote := byte(0)
	if i < len(s) && (s[i] == '"' || s[i] == '\'') {
		quote = s[i]
		i = skipSpace(s, i+1)
	}
	if i >= len(s) || s[i] == '#' || (quote != 0 && s[i] == quote) {
		return true
	}
	return hasScheme(s, i)
}

// wordBefore returns the bounds of the run of at most six ASCII letters
// that ends at s[end], white space before end skipped.
func wordBefore[T string | []byte](s T, end int) (int, int) {
	for end > 0 && isHTMLSpace(s[end-1]) {
		end--
	}
	start := end
	for start > 0 && start > end-6 && isASCIILetter(s[start-1]) {
		start--
	}
	return start, end
}

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isHTMLSpace reports whether c is HTML white space.
func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// urlAttr is a URL attribute of a tag with its decoded value.
type urlAttr struct{ name, value string }

// writeTag writes the current start tag, whose raw text is raw, with the
// values of its URL attributes resolved against base. Everything else in
// the tag, the other attributes and the quoting included, is copied
// unchanged.
func writeTag(out *strings.Builder, raw string, z *html.Tokenizer, base *url.URL) {
	var attrBuf [4]urlAttr
	var spanBuf [8]attrSpan
	attrs := urlAttrValues(z, attrBuf[:0])
	last := 0
	for _, sp := range scanAttrs(raw, spanBuf[:0]) {
		name := urlAttrName(raw, sp.nameStart, sp.nameEnd)
		i := indexAttr(attrs, name)
		if name == "" || i < 0 || sp.valueStart < 0 {
			continue
		}
		v := attrs[i].value
		attrs[i].name = "" // the first of duplicates counts, as the tokenizer keeps it
		abs := resolveAttr(name, v, base)
		if abs == v {
			continue
		}
		out.WriteString(raw[last:sp.valueStart])
		out.WriteByte('"')
		out.WriteString(html.EscapeString(abs))
		out.WriteByte('"')
		last = sp.valueEnd
	}
	out.WriteString(raw[last:])
}

// indexAttr returns the index of the attribute named name in attrs, or -1.
func indexAttr(attrs []urlAttr, name string) int {
	for i, a := range attrs {
		if a.name == name {
			return i
		}
	}
	return -1
}

// urlAttrValues appends to dst the URL attributes of the current tag with
// their decoded values. The tokenizer keeps only the first of attributes
// with the same name, as browsers do.
func urlAttrValues(z *html.Tokenizer, dst []urlAttr) []urlAttr {
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		if name := urlAttrName(k, 0, len(k)); name != "" {
			dst = append(dst, urlAttr{name, string(v)})
		}
	}
	return dst
}

// resolveAttr resolves the value of attribute name (in lower case)
// against base.
func resolveAttr(name, value string, base *url.URL) string {
	if name == "srcset" {
		return resolveSrcset(value, base)
	}
	return resolveRef(value, base)
}

// resolveRef returns ref resolved against base when it is relative, or
// ref unchanged when it is absolute, fragment-only, empty or unparsable.
// White space around a relative ref is dropped, as browsers do.
func resolveRef(ref string, base *url.URL) string {
	t := strings.TrimFunc(ref, isHTMLSpaceRune)
	if t == "" || t[0] == '#' || hasScheme(t, 0) {
		return ref
	}
	r, err := url.Parse(t)
	if err != nil || r.IsAbs() {
		return ref
	}
	return base.ResolveReference(r).String()
}

// hasScheme reports whether ref, from index i on, starts with a URL
// scheme and its colon ("https:", "data:"), which makes it absolute,
// without parsing it.
func hasScheme[T string | []byte](ref T, i int) bool {
	for j := i; j < len(ref); j++ {
		c := ref[j]
		switch {
		case isASCIILetter(c):
		case j > i && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case j > i && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// resolveSrcset resolves the URL of every image candidate in a srcset
// list ("a.png 1x, b.png 2x"), keeping descriptors, commas and white space.
func resolveSrcset(list string, base *url.URL) string {
	var b strings.Builder
	i := 0
	for i < len(list) {
		start := i
		for i < len(list) && (isHTMLSpace(list[i]) || list[i] == ',') {
			i++
		}
		b.WriteString(list[start:i])
		start = i
		for i < len(list) && !isHTMLSpace(list[i]) {
			i++
		}
		ref := strings.TrimRight(list[start:i], ",")
		b.WriteString(resolveRef(ref, base))
		b.WriteString(list[start+len(ref) : i])
		if len(ref) < i-start {
			continue // trailing commas ended the candidate
		}
		start = i
		i = descriptorsEnd(list, i)
		b.WriteString(list[start:i])
	}
	return b.String()
}

// descriptorsEnd returns the index of the comma that ends the descriptors
// starting at i ("1x", "480w"), or len(list); commas in parentheses do not
// count.
func descriptorsEnd(list string, i int) int {
	depth := 0
	for ; i < len(list); i++ {
		switch list[i] {
		case '(':
			depth++
		case ')':
			depth = max(0, depth-1)
		case ',':
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// AbsoluteURLs rewrites the relative href, src, srcset and poster values of
// an HTML document as absolute URLs resolved against base (see
// absoluteURLs), so a stored page shown by vigil links to its own site.
func AbsoluteURLs(doc, base string) string {
	return absoluteURLs(doc, base)
}
