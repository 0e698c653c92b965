package feed

import (
	"bytes"
	"encoding/xml"
	"strings"
)

// atomFeedOpen and atomFeedClose wrap an Atom entry document.
const (
	atomFeedOpen  = `<feed xmlns="http://www.w3.org/2005/Atom">`
	atomFeedClose = `</feed>`
)

// wrapEntryDocument returns an Atom entry document (RFC 4287 §4.1.2: a
// document whose root is <entry>, as some sites serve for a single post)
// wrapped in an Atom <feed> element, so that it reads as a feed of one
// entry; any other document is returned unchanged. The wrapper goes
// right before the root element, after the prolog, comments and doctype.
func wrapEntryDocument(text []byte) []byte {
	off, ok := entryRootOffset(text)
	if !ok {
		return text
	}
	out := make([]byte, 0, len(text)+len(atomFeedOpen)+len(atomFeedClose))
	out = append(out, text[:off]...)
	out = append(out, atomFeedOpen...)
	out = append(out, text[off:]...)
	return append(out, atomFeedClose...)
}

// entryRootOffset returns the byte offset of the root element when it is
// <entry>, read leniently as rootElement reads it.
func entryRootOffset(text []byte) (int64, bool) {
	d := xml.NewDecoder(bytes.NewReader(text))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	for {
		off := d.InputOffset()
		tok, err := d.RawToken()
		if err != nil {
			return 0, false
		}
		if start, ok := tok.(xml.StartElement); ok {
			return off, strings.EqualFold(start.Name.Local, "entry")
		}
	}
}
