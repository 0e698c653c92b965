package demo

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"time"
)

// rss is the RSS 2.0 document of one feed.
type rss struct {
	XMLName xml.Name   `xml:"rss"`
	Version string     `xml:"version,attr"`
	Channel rssChannel `xml:"channel"`
}

type rssChannel struct {
	Title       string    `xml:"title"`
	Link        string    `xml:"link"`
	Description string    `xml:"description"`
	Items       []rssItem `xml:"item"`
}

type rssItem struct {
	GUID        rssGUID `xml:"guid"`
	Title       string  `xml:"title"`
	Description string  `xml:"description"`
	PubDate     string  `xml:"pubDate"`
}

type rssGUID struct {
	IsPermaLink bool   `xml:"isPermaLink,attr"`
	Value       string `xml:",chardata"`
}

// renderRSS writes the window of source id as an RSS 2.0 document, newest
// posting first. The feed's title starts with the source's ID, which tells
// the feeds apart where a narrow column (the web UI's sidebar) cuts titles
// short; a common prefix such as "Demo source " left them all alike.
// Posting n (counted from 1 in the source) has the GUID "{id}/{n}" and,
// when the trace has no title, the title "Posting n".
func renderRSS(id string, v window) ([]byte, error) {
	doc := rss{Version: "2.0", Channel: rssChannel{
		Title:       id + " · demo",
		Link:        "http://vigil.invalid/demo/" + id,
		Description: "Postings of trace source " + id + ", replayed by vigil demo",
	}}
	for i := len(v.postings) - 1; i >= 0; i-- {
		p, n := v.postings[i], v.first+i+1
		title := p.Title
		if title == "" {
			title = fmt.Sprintf("Posting %d", n)
		}
		doc.Channel.Items = append(doc.Channel.Items, rssItem{
			GUID:        rssGUID{Value: fmt.Sprintf("%s/%d", id, n)},
			Title:       title,
			Description: fmt.Sprintf("Posting %d of %s, published %s.", n, id, p.Time.UTC().Format(time.RFC1123)),
			PubDate:     p.Time.UTC().Format(http.TimeFormat),
		})
	}
	body, err := xml.MarshalIndent(doc, "", " ")
	if err != nil {
		return nil, fmt.Errorf("demo: unable to render the feed of %s: %w", id, err)
	}
	return append([]byte(xml.Header), body...), nil
}
