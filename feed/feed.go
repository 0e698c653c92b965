// Package feed parses RSS, Atom and JSON feeds into vigil's model.
//
// Parse decodes the body to UTF-8 (see decodeBody for how the encoding is
// chosen), checks that XML is well-formed, repairs the common faults of
// ill-formed feeds when it is not, reads the feed with gofeed's universal
// parser and normalises it: item identities and content hashes, links
// resolved (relative URLs in item HTML included), titles as plain text,
// dates in UTC and the publisher's scheduling hints.
package feed

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/mmcdole/gofeed"

	"vigil"
)

// Options tells Parse what the HTTP layer knew.
type Options struct {
	ContentType string // the HTTP Content-Type header, may carry charset; may be ""
	BaseURL     string // the URL the feed was fetched from, for resolving relative links
}

// Feed is a feed as vigil normalises it.
type Feed struct {
	// Format is "rss", "atom" or "json".
	Format      string `json:"format"`
	Title       string `json:"title"`
	SiteURL     string `json:"site_url,omitempty"`
	Description string `json:"description,omitempty"`
	Language    string `json:"language,omitempty"`
	// Hints are the TTL, SkipHours, SkipDays and UpdatePeriod the feed
	// declares; NotBefore stays zero (it comes from HTTP headers).
	Hints vigil.Hints `json:"hints"`
	// Recovered is true when the feed was not well-formed and was read
	// after repair.
	Recovered bool `json:"recovered"`
	// Items are in feed order.
	Items []vigil.Item `json:"items"`
}

// ErrEmpty is returned by Parse for a body with nothing but white space.
var ErrEmpty = errors.New("feed: empty body")

// Parse reads an RSS 0.9x/1.0/2.0, Atom 0.3/1.0 or JSON Feed document; an
// Atom entry document reads as a feed of that one entry.
// It fails with an error naming the fault when the body is empty, is not
// a feed (an HTML page, another kind of XML or JSON) or is XML too broken
// to repair.
func Parse(body []byte, opts Options) (*Feed, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, ErrEmpty
	}
	text, _ := decodeBody(body, opts.ContentType)
	if len(bytes.TrimSpace(text)) == 0 {
		return nil, ErrEmpty
	}
	if isJSON(text) {
		return parseJSON(text, opts)
	}
	return parseXML(text, opts)
}

// parseXML parses an XML feed, repairing it first if it is ill-formed.
func parseXML(text []byte, opts Options) (*Feed, error) {
	text = wrapEntryDocument(text)
	if err := checkRoot(text); err != nil {
		return nil, err
	}
	syntaxErr := checkWellFormed(text)
	if syntaxErr == nil {
		gf, err := parseWithGofeed(text)
		if err != nil {
			return nil, fmt.Errorf("feed: unable to read the feed: %w", err)
		}
		return normalise(gf, opts, false), nil
	}
	gf, err := parseWithGofeed(repair(text))
	if err != nil {
		return nil, fmt.Errorf("feed: malformed XML at line %d: %s (repair failed: %w)", syntaxErr.Line, syntaxErr.Msg, err)
	}
	return normalise(gf, opts, true), nil
}

// parseWithGofeed runs gofeed's universal parser, keeping the original
// format-specific feed for the hints only RSS carries. gofeed's search of
// every item's HTML for an image is turned off: vigil does not use item
// images, and the search parsed each description as an HTML document.
func parseWithGofeed(text []byte) (*gofeed.Feed, error) {
	p := gofeed.NewParser()
	p.KeepOriginalFeed = true
	p.RSSTranslator = &gofeed.DefaultRSSTranslator{DisableContentImageScan: true}
	return p.Parse(bytes.NewReader(text))
}
