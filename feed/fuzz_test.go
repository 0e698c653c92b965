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

func FuzzAbsoluteURLs(f *testing.F) {
	seeds := []string{
		`<p><img src="x.png" srcset="a.png 1x, b.png 2x"><a href='/p' HREF=q>p</a></p>`,
		`<a href = " y " =x href>`, `<video poster=p.jpg src="v&amp;w.mp4"/>`, `<script>"<a href=x>"</script><a href="#f">`,
		`<img src="y`, `text src= href=`,
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		const base = "https://example.org/a/b"
		out := absoluteURLs(doc, base)
		if !mayHaveRelativeURL(doc) && out != doc {
			t.Fatalf("%q without relative URL attributes changed to %q", doc, out)
		}
		if again := absoluteURLs(out, base); again != out {
			t.Fatalf("second pass changed %q to %q", out, again)
		}
	})
}
