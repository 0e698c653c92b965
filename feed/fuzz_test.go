package feed

import "testing"

func FuzzParse(f *testing.F) {
	seeds := []string{
		`<rss version="2.0"><channel><title>t</title><ttl>5</ttl><item><title>a & b</title><link>/x</link></item></channel></rss>`,
		`<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://b/"><entry><id>1</id><link href="y"/><content type="xhtml"><div>&nbsp;</div></content></entry></feed>`,
		`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><item rdf:about="x"><title>t</title></item></rdf:RDF>`,
		`{"version": "https://jsonfeed.org/version/1", "items": [{"id": "1"}]}`,
		"\xff\xfe<\x00r\x00s\x00s\x00>\x00",
		`<?xml version="1.0" encoding="big5"?><rss><channel><title>&#146;&bogus;</title></channel></rss`,
		`<!DOCTYPE rss [<!ENTITY e "&#38;">]><rss><channel><title>&e;</title></channel></rss>`,
		"",
	}
	for _, s := range seeds {
		f.Add([]byte(s), "text/xml; charset=utf-8")
	}
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		feed, err := Parse(body, Options{ContentType: contentType, BaseURL: "https://example.org/feed"})
		if (feed == nil) == (err == nil) {
			t.Fatalf("Parse returned feed %v and error %v", feed, err)
		}
	})
}
