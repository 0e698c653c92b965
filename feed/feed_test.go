package feed

import (
	"testing"
	"time"

	"vigil"
)

func TestParseItems(t *testing.T) {
	published := time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC)
	updated := time.Date(2024, 3, 2, 8, 30, 0, 0, time.UTC)
	tests := []struct {
		name       string
		body       string
		wantFormat string
		wantTitle  string
		want       vigil.Item // Key, URL, Title, Author, Summary, Content, Published, Updated
	}{
		{"rss 2.0", `<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title> Site </title><language>en_GB</language>
			<item><title>One</title><link>https://e.org/1</link><guid>id-1</guid><dc:creator>Ann</dc:creator>
			<description>short &lt;b&gt;x&lt;/b&gt;</description><content:encoded><![CDATA[<p>long</p>]]></content:encoded>
			<pubDate>Fri, 01 Mar 2024 11:00:00 +0100</pubDate></item></channel></rss>`,
			"rss", "Site", vigil.Item{Key: "id-1", URL: "https://e.org/1", Title: "One", Author: "Ann", Summary: "short <b>x</b>", Content: "<p>long</p>", Published: published}},
		{"atom 1.0", `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id> urn:e:1 </id><title>One</title>
			<link rel="alternate" href="https://e.org/1"/><author><name>Bob</name></author><summary>S</summary><content type="html">&lt;p&gt;C&lt;/p&gt;</content>
			<published>2024-03-01T05:00:00-05:00</published><updated>2024-03-02T08:30:00Z</updated></entry></feed>`,
			"atom", "A", vigil.Item{Key: "urn:e:1", URL: "https://e.org/1", Title: "One", Author: "Bob", Summary: "S", Content: "<p>C</p>", Published: published, Updated: updated}},
		{"json feed", `{"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [{"id": "j1", "url": "https://e.org/1", "title": "One",
			"summary": "S", "content_html": "<p>C</p>", "authors": [{"name": "Cy"}], "date_published": "2024-03-01T10:00:00Z"}]}`,
			"json", "J", vigil.Item{Key: "j1", URL: "https://e.org/1", Title: "One", Author: "Cy", Summary: "S", Content: "<p>C</p>", Published: published}},
		{"no dates, no id, windows-1252 char refs", `<rss version="2.0"><channel><title>T</title><item><title>don&#146;t</title><link>https://e.org/2</link></item></channel></rss>`,
			"rss", "T", vigil.Item{Key: "https://e.org/2", URL: "https://e.org/2", Title: "don’t"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustParse(t, tt.body, Options{})
			if f.Format != tt.wantFormat || f.Title != tt.wantTitle || f.Recovered {
				t.Errorf("feed format %q title %q recovered %v, want %q %q false", f.Format, f.Title, f.Recovered, tt.wantFormat, tt.wantTitle)
			}
			if len(f.Items) != 1 {
				t.Fatalf("%d items, want 1", len(f.Items))
			}
			got := f.Items[0]
			if got.Hash != itemHash(&got) || len(got.Hash) != 64 {
				t.Errorf("Hash %q does not digest the item", got.Hash)
			}
			got.Hash = ""
			if got != tt.want {
				t.Errorf("item\n got %+v\nwant %+v", got, tt.want)
			}
			if got.Published.Location() != time.UTC || got.Updated.Location() != time.UTC {
				t.Errorf("dates not in UTC: %v %v", got.Published, got.Updated)
			}
		})
	}
}

func TestParseFeedFields(t *testing.T) {
	f := mustParse(t, `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>P</title><link>https://e.org/</link>
		<language>en_US</language><itunes:subtitle>A podcast</itunes:subtitle>
		<item><title>1</title></item><item><title>2</title></item><item><title>3</title></item></channel></rss>`, Options{})
	if f.SiteURL != "https://e.org/" || f.Language != "en-US" || f.Description != "A podcast" {
		t.Errorf("feed = %+v", f)
	}
	for i, want := range []string{"1", "2", "3"} {
		if f.Items[i].Title != want {
			t.Errorf("item %d title %q, want %q (feed order)", i, f.Items[i].Title, want)
		}
	}
}
