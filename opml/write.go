package opml

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// dateLayout is the RFC 822 date-time form OPML 2.0 asks for in
// <dateCreated>, with a four-digit year, always written in GMT.
const dateLayout = "Mon, 02 Jan 2006 15:04:05 GMT"

// outputDocument is the <opml> element Write produces.
type outputDocument struct {
	XMLName xml.Name `xml:"opml"`
	Version string   `xml:"version,attr"`
	// NS declares the prefix of vigil's attributes, when any is written.
	NS   string     `xml:"xmlns:vigil,attr,omitempty"`
	Head outputHead `xml:"head"`
	Body outputBody `xml:"body"`
}

// outputHead is the <head> element Write produces.
type outputHead struct {
	Title   string `xml:"title"`
	Created string `xml:"dateCreated"`
}

// outputBody is the <body> element Write produces; it is written even when
// there are no outlines, since OPML requires it.
type outputBody struct {
	Outlines []outputOutline `xml:"outline"`
}

// outputOutline is an <outline> element Write produces: a feed when XMLURL
// is set, otherwise a folder holding Children.
type outputOutline struct {
	Type     string          `xml:"type,attr,omitempty"`
	Text     string          `xml:"text,attr"`
	Title    string          `xml:"title,attr,omitempty"`
	XMLURL   string          `xml:"xmlUrl,attr,omitempty"`
	HTMLURL  string          `xml:"htmlUrl,attr,omitempty"`
	Extra    []xml.Attr      `xml:",any,attr"`
	Children []outputOutline `xml:"outline"`
}

// Write writes outlines to w as an OPML 2.0 document titled title and
// created at now. Feeds are grouped into nested folder outlines by their
// Category, in order of first appearance; every outline must have an XMLURL.
func Write(w io.Writer, title string, outlines []Outline, now time.Time) error {
	if err := validate(outlines); err != nil {
		return err
	}
	doc := outputDocument{
		Version: "2.0",
		Head:    outputHead{Title: title, Created: now.UTC().Format(dateLayout)},
		Body:    outputBody{Outlines: buildTree(outlines).elements()},
	}
	if hasExtra(outlines) {
		doc.NS = Namespace
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("opml: unable to write document: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("opml: unable to write document: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("opml: unable to write document: %w", err)
	}
	return nil
}

// validate refuses outlines that could not be read back as feeds.
func validate(outlines []Outline) error {
	for i, o := range outlines {
		if strings.TrimSpace(o.XMLURL) == "" {
			return invalid("outline %d (%q) has no feed URL", i, o.Title)
		}
	}
	return nil
}

// elements returns the outline elements for the entries of f.
func (f *folder) elements() []outputOutline {
	out := make([]outputOutline, 0, len(f.entries))
	for _, e := range f.entries {
		if e.folder != nil {
			out = append(out, outputOutline{
				Text:     e.folder.name,
				Title:    e.folder.name,
				Children: e.folder.elements(),
			})
			continue
		}
		out = append(out, feedElement(e.feed))
	}
	return out
}

// feedElement returns the outline element for one feed.
func feedElement(o *Outline) outputOutline {
	return outputOutline{
		Type:    "rss",
		Text:    o.Title,
		Title:   o.Title,
		XMLURL:  o.XMLURL,
		HTMLURL: o.HTMLURL,
		Extra:   extraAttrs(o.Extra),
	}
}

// hasExtra reports whether any outline carries attributes in Namespace.
func hasExtra(outlines []Outline) bool {
	for _, o := range outlines {
		if len(o.Extra) > 0 {
			return true
		}
	}
	return false
}

// extraAttrs returns the attributes of extra, prefixed "vigil:", sorted by
// name so that the document does not depend on map order.
func extraAttrs(extra map[string]string) []xml.Attr {
	names := make([]string, 0, len(extra))
	for name := range extra {
		names = append(names, name)
	}
	sort.Strings(names)
	out := make([]xml.Attr, len(names))
	for i, name := range names {
		out[i] = xml.Attr{Name: xml.Name{Local: "vigil:" + name}, Value: extra[name]}
	}
	return out
}
