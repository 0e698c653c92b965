package feed

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// checkWellFormed reads the whole document with a strict XML decoder and
// returns its first syntax error, or nil when the document is well-formed.
// text must already be UTF-8 without an encoding declaration.
func checkWellFormed(text []byte) *xml.SyntaxError {
	d := xml.NewDecoder(bytes.NewReader(text))
	d.Strict = true
	for {
		_, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return asSyntaxError(err, d)
		}
	}
}

// asSyntaxError turns any decoding error into a SyntaxError with a line.
func asSyntaxError(err error, d *xml.Decoder) *xml.SyntaxError {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return se
	}
	line, _ := d.InputPos()
	return &xml.SyntaxError{Msg: err.Error(), Line: line}
}

// feedRoots are the local names of the root elements of the XML feed
// formats gofeed reads: RSS 0.9x/2.0, RSS 0.90/1.0 (rdf:RDF) and Atom.
var feedRoots = map[string]bool{"rss": true, "rdf": true, "feed": true}

// rootElement returns the local name of the first element of an XML or
// HTML document, read leniently, or "" when there is none.
func rootElement(text []byte) string {
	d := xml.NewDecoder(bytes.NewReader(text))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	for {
		tok, err := d.RawToken()
		if err != nil {
			return ""
		}
		if start, ok := tok.(xml.StartElement); ok {
			return strings.ToLower(start.Name.Local)
		}
	}
}

// checkRoot returns an error when the document's root element shows that
// it is not an XML feed, naming what it is instead.
func checkRoot(text []byte) error {
	root := rootElement(text)
	switch {
	case feedRoots[root]:
		return nil
	case root == "html" || looksLikeHTML(text):
		return errors.New("feed: not a feed: the document is an HTML page")
	case root == "":
		return errors.New("feed: not a feed: no XML element or JSON object found")
	}
	return fmt.Errorf("feed: not a feed: root element <%s> is not <rss>, <rdf:RDF> or <feed>", root)
}

// looksLikeHTML reports whether the document starts like an HTML page.
func looksLikeHTML(text []byte) bool {
	head := bytes.ToLower(text[:min(len(text), 512)])
	return bytes.Contains(head, []byte("<!doctype html")) || bytes.Contains(head, []byte("<html"))
}
