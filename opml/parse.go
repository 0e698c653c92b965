package opml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html/charset"
)

// MaxDocumentSize is the largest OPML document Parse reads, in bytes.
const MaxDocumentSize = 16 << 20

// utf8BOM is the byte order mark some exporters put before the XML
// declaration; encoding/xml does not skip it.
var utf8BOM = []byte("\ufeff")

// element is an <outline> or <body> element as decoded, before its
// attributes are interpreted.
type element struct {
	Attrs    []xml.Attr `xml:",any,attr"`
	Outlines []element  `xml:"outline"`
}

// document is an <opml> root element; only its body matters to Parse.
type document struct {
	Body *element `xml:"body"`
}

// Parse reads an OPML 1.0 or 2.0 document and returns its feed
// subscriptions in document order. A feed is an outline with a non-empty
// xmlUrl attribute; outlines without one are folders, whose names make up
// the Category of the feeds inside them. A feed listed twice is returned
// once, as first listed. A document without feeds yields an empty slice.
func Parse(r io.Reader) ([]Outline, error) {
	data, err := readLimited(r)
	if err != nil {
		return nil, err
	}
	doc, err := decode(data)
	if err != nil {
		return nil, err
	}
	c := collector{feeds: []Outline{}, seen: make(map[string]bool)}
	c.walk(doc.Body.Outlines, "")
	return c.feeds, nil
}

// readLimited reads the whole document, refusing one that is empty or
// larger than MaxDocumentSize.
func readLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxDocumentSize+1))
	if err != nil {
		return nil, fmt.Errorf("opml: unable to read document: %w", err)
	}
	if len(data) > MaxDocumentSize {
		return nil, fmt.Errorf("opml: %w", ErrTooLarge)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, invalid("document is empty")
	}
	return data, nil
}

// decode checks that data is an XML document rooted at <opml> with a
// <body>, and decodes it.
func decode(data []byte) (*document, error) {
	d := xml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, utf8BOM)))
	d.CharsetReader = charsetReader
	start, err := rootElement(d)
	if err != nil {
		return nil, err
	}
	if start.Name.Local != "opml" {
		return nil, invalid("root element is <%s>, want <opml>", start.Name.Local)
	}
	var doc document
	if err := d.DecodeElement(&doc, &start); err != nil {
		return nil, invalid("document is not well-formed XML: %v", err)
	}
	if doc.Body == nil {
		return nil, invalid("<opml> has no <body> element")
	}
	return &doc, nil
}

// errCharset marks the failure to decode the encoding a document declares.
var errCharset = errors.New("unsupported encoding")

// charsetReader decodes a document in the encoding its XML declaration
// names, for the labels the WHATWG Encoding Standard knows.
func charsetReader(label string, input io.Reader) (io.Reader, error) {
	r, err := charset.NewReaderLabel(label, input)
	if err != nil {
		return nil, fmt.Errorf("%w %q declared", errCharset, label)
	}
	return r, nil
}

// rootElement returns the first start element of the document, skipping
// the prolog.
func rootElement(d *xml.Decoder) (xml.StartElement, error) {
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return xml.StartElement{}, invalid("document has no root element; it is not XML")
		}
		if errors.Is(err, errCharset) {
			return xml.StartElement{}, invalid("%v", err)
		}
		if err != nil {
			return xml.StartElement{}, invalid("document is not well-formed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			return t, nil
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return xml.StartElement{}, invalid("document starts with text, not an XML element")
			}
		}
	}
}

// collector gathers the feeds of a document, each URL once.
type collector struct {
	feeds []Outline
	seen  map[string]bool
}

// walk records the feeds among outlines and descends into folders;
// category is the "/"-separated path of the folders enclosing outlines, not
// yet canonical.
func (c *collector) walk(outlines []element, category string) {
	for _, o := range outlines {
		xmlURL := attr(o.Attrs, "xmlUrl")
		if xmlURL == "" {
			c.walk(o.Outlines, category+"/"+name(o.Attrs))
			continue
		}
		c.add(Outline{
			Title:    name(o.Attrs),
			XMLURL:   xmlURL,
			HTMLURL:  attr(o.Attrs, "htmlUrl"),
			Category: canonicalCategory(category),
			Extra:    extra(o.Attrs),
		})
		c.walk(o.Outlines, category)
	}
}

// add records a feed unless its URL was already seen.
func (c *collector) add(o Outline) {
	if c.seen[o.XMLURL] {
		return
	}
	c.seen[o.XMLURL] = true
	c.feeds = append(c.feeds, o)
}

// name returns an outline's title attribute, or its text attribute when the
// title is missing or blank.
func name(attrs []xml.Attr) string {
	if title := attr(attrs, "title"); title != "" {
		return title
	}
	return attr(attrs, "text")
}

// extra returns the attributes in Namespace by local name, untrimmed, or
// nil when there are none.
func extra(attrs []xml.Attr) map[string]string {
	var out map[string]string
	for _, a := range attrs {
		if a.Name.Space != Namespace {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[a.Name.Local] = a.Value
	}
	return out
}

// attr returns the trimmed value of the attribute with the given local
// name, compared without regard to letter case, or "" if there is none;
// attributes in Namespace are not considered.
func attr(attrs []xml.Attr, local string) string {
	for _, a := range attrs {
		if a.Name.Space != Namespace && strings.EqualFold(a.Name.Local, local) {
			return strings.TrimSpace(a.Value)
		}
	}
	return ""
}
