package digest

import (
	"encoding/xml"
	"fmt"
	"strings"
	"time"
)

// atomFeed is an Atom 1.0 feed (RFC 4287).
type atomFeed struct {
	XMLName xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	ID      string      `xml:"id"`
	Title   string      `xml:"title"`
	Updated string      `xml:"updated"`
	Link    atomLink    `xml:"link"`
	Entries []atomEntry `xml:"entry"`
}

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr,omitempty"`
}

type atomEntry struct {
	ID      string   `xml:"id"`
	Title   string   `xml:"title"`
	Updated string   `xml:"updated"`
	Author  string   `xml:"author>name"`
	Link    atomLink `xml:"link"`
	Content atomText `xml:"content"`
}

type atomText struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

// Atom renders a user's digests, newest first, as an Atom feed: one entry
// per day with changes worth telling. self is the feed's own URL and
// baseURL the server's, for links to the diff views.
func Atom(user string, digests []Digest, self, baseURL string, now time.Time) ([]byte, error) {
	f := atomFeed{
		ID:      "tag:vigil,2026:digest:" + user,
		Title:   "vigil: page changes for " + user,
		Updated: now.UTC().Format(time.RFC3339),
		Link:    atomLink{Href: self, Rel: "self"},
	}
	for _, d := range digests {
		if len(d.Changes) == 0 {
			continue
		}
		f.Entries = append(f.Entries, atomEntry{
			ID:      fmt.Sprintf("tag:vigil,2026:digest:%s:%s", user, d.Day),
			Title:   fmt.Sprintf("%d page change%s on %s", len(d.Changes), plural(len(d.Changes)), d.Day),
			Updated: d.End.UTC().Format(time.RFC3339),
			Author:  "vigil",
			Link:    atomLink{Href: strings.TrimRight(baseURL, "/") + "/updates"},
			Content: atomText{Type: "text", Text: entryText(d, baseURL)},
		})
	}
	out, err := xml.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("digest: unable to encode the Atom feed: %w", err)
	}
	return append([]byte(xml.Header), out...), nil
}

// entryText is a day's changes as plain text.
func entryText(d Digest, baseURL string) string {
	var b strings.Builder
	for _, c := range d.Changes {
		fmt.Fprintf(&b, "%s (%s): %s; agent: %s", title(c.Title, c.URL), c.URL, c.Summary, c.Agent)
		if baseURL != "" {
			fmt.Fprintf(&b, " — %s/changes/%d", strings.TrimRight(baseURL, "/"), c.ID)
		}
		b.WriteString("\n")
	}
	return b.String()
}
