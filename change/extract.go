package change

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"golang.org/x/net/html"
)

// ErrNoMatch is wrapped by Extract's error when ExtractOptions.Selector (or XPath)
// matches no element of the page.
var ErrNoMatch = errors.New("change: the selector matches nothing on the page")

// Extract reads one version of a page: its type, byte-level digest, and for
// HTML, plain text and JSON (read through ExtractOptions.JQ) the watched text, inverted index, tokens, phrases,
// links, images, head and the lines of the diff view.
//
// contentType is the HTTP Content-Type (empty: sniffed from the bytes).
// A PDF, an image or another non-text type is no error: the Document says
// which type it is and carries only its size and digest, so it is compared
// at the byte level only (Glance et al. §2.2 measure HTML only). Malformed
// HTML is read as browsers read it. Errors name a bad option or a selector
// that matches nothing.
func Extract(body []byte, contentType string, opts ExtractOptions) (*Document, error) {
	x, err := opts.compile()
	if err != nil {
		return nil, err
	}
	return x.extract(body, contentType, opts.Watch())
}

// watchedBy names the selector and XPath expression set, for errors.
func (x *extractor) watchedBy() string {
	var by []string
	if x.selText != "" {
		by = append(by, fmt.Sprintf("selector %q", x.selText))
	}
	if x.xpText != "" {
		by = append(by, fmt.Sprintf("XPath %q", x.xpText))
	}
	return strings.Join(by, ", ")
}

// extract reads one version of a page with the compiled options.
func (x *extractor) extract(body []byte, contentType string, watch Watch) (*Document, error) {
	var err error
	mediaType := mediaTypeOf(body, contentType)
	d := &Document{Type: typeOf(mediaType), ContentType: mediaType, Size: len(body), Watch: watch}
	text, textType := withoutBOM(body, contentType)
	asJSON := x.readsAsJSON(mediaType, text)
	if err := x.misfit(mediaType, text, asJSON); err != nil {
		return nil, err
	}
	switch {
	case asJSON:
		d.Type = TypeText
		err = x.json(d, withoutMark(jsonBytes(text, textType)))
	case d.Type == TypeHTML:
		err = x.html(d, text, textType)
	case d.Type == TypeText:
		x.plain(d, withoutMark(textBytes(text, textType)))
	}
	if err != nil {
		return nil, err
	}
	if !d.Measurable() || !x.filtered() || d.Capped {
		d.Digest = digest(body)
	}
	if d.Capped && d.Visible != "" {
		d.Visible = cutVisible(d.Visible, d.Digest)
	}
	return d, nil
}

// utf8BOM is the byte order mark some editors write at the start of a
// UTF-8 file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// withoutBOM returns a body that starts with a UTF-8 byte order mark
// without it, read as UTF-8 whatever the Content-Type says (the mark
// decides the encoding, as in browsers), so the mark is never a line of
// text; other bodies are returned as they are.
func withoutBOM(body []byte, contentType string) ([]byte, string) {
	rest, ok := bytes.CutPrefix(body, utf8BOM)
	if !ok {
		return body, contentType
	}
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt == "" {
		return rest, "text/html; charset=utf-8"
	}
	params["charset"] = "utf-8"
	return rest, mime.FormatMediaType(mt, params)
}

// mediaTypeOf returns the lower-case media type of the body. A body is
// sniffed without its UTF-8 byte order mark: http.DetectContentType calls
// any body that starts with one plain text, even an HTML page.
func mediaTypeOf(body []byte, contentType string) string {
	if contentType == "" {
		contentType = http.DetectContentType(bytes.TrimPrefix(body, utf8BOM))
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt, _, _ = strings.Cut(contentType, ";")
	}
	return strings.ToLower(strings.TrimSpace(mt))
}

// typeOf maps a media type to a document type.
func typeOf(mediaType string) string {
	switch {
	case mediaType == "text/html" || mediaType == "application/xhtml+xml":
		return TypeHTML
	case strings.HasPrefix(mediaType, "text/") || isJSON(mediaType):
		return TypeText
	case mediaType == "application/pdf":
		return TypePDF
	case strings.HasPrefix(mediaType, "image/"):
		return TypeImage
	}
	return TypeOther
}

// digest returns the hex SHA-256 of b.
func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// html extracts an HTML page into d.
func (x *extractor) html(d *Document, body []byte, contentType string) error {
	page := bodyBytes(body, contentType)
	w := newWalker(x, len(body))
	if x.selector == nil && x.xpath == nil {
		w.stream(x.source(page))
		w.finish(d)
		return nil
	}
	root, err := html.Parse(bytes.NewReader(page))
	if err != nil && err != io.EOF {
		return fmt.Errorf("change: unable to parse the page as HTML: %v", err)
	}
	w.head(findElement(root, "head"))
	regions, err := x.regions(root)
	if err != nil {
		return err
	}
	if len(regions) == 0 {
		return fmt.Errorf("%w (%s)", ErrNoMatch, x.watchedBy())
	}
	for _, n := range regions {
		w.node(n)
	}
	w.finish(d)
	return nil
}

// plain extracts a plain-text body: each non-blank line is a text line.
func (x *extractor) plain(d *Document, body []byte) {
	w := newWalker(x, len(body))
	page := frozenString(body) // not written while it is read
	for i := 0; page != "" && !w.capped; i++ {
		w.compared = len(body) - len(page)
		var l string
		l, page, _ = strings.Cut(page, "\n")
		w.text(l, fmt.Sprintf("line:%d", i))
	}
	w.finish(d)
}

// findElement returns the first element named name in n's tree, or nil.
func findElement(n *html.Node, name string) *html.Node {
	if n.Type == html.ElementNode && n.Data == name {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := findElement(c, name); f != nil {
			return f
		}
	}
	return nil
}

// outermost drops the nodes that lie inside another node of the list, so
// nested matches are watched once.
func outermost(nodes []*html.Node) []*html.Node {
	in := make(map[*html.Node]bool, len(nodes))
	for _, n := range nodes {
		in[n] = true
	}
	out := nodes[:0]
	for _, n := range nodes {
		if !hasAncestorIn(n, in) {
			out = append(out, n)
		}
	}
	return out
}

// hasAncestorIn reports whether an ancestor of n is in set.
func hasAncestorIn(n *html.Node, set map[*html.Node]bool) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if set[p] {
			return true
		}
	}
	return false
}
