package feed

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Bounds of the corpus seeds: large or many seeds slow every fuzzing run
// (the baseline coverage of all seeds is gathered at each start).
const (
	maxSeedBytes = 64 << 10
	maxSeeds     = 300
)

// addCorpusSeeds adds an even sample of maxSeeds of the XML and JSON files
// of the shared feed corpora (../../shared/corpora/feeds, beside the
// repository) as seeds of f, with contentType; the corpora are read in
// place, never copied here.
func addCorpusSeeds(f *testing.F, contentType string) {
	var paths []string
	root := filepath.Join("..", "..", "shared", "corpora", "feeds")
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".xml") || strings.HasSuffix(path, ".json")) {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() <= maxSeedBytes {
			paths = append(paths, path)
		}
		return nil
	})
	step := max(1, len(paths)/maxSeeds)
	for i := 0; i < len(paths); i += step {
		if b, err := os.ReadFile(paths[i]); err == nil {
			f.Add(b, contentType)
		}
	}
}

// FuzzParse checks that Parse never panics and returns a feed or an error,
// never both or neither; its seeds include every feed of the corpora.
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
	addCorpusSeeds(f, "")
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		feed, err := Parse(body, Options{ContentType: contentType, BaseURL: "https://example.org/feed"})
		if (feed == nil) == (err == nil) {
			t.Fatalf("Parse returned feed %v and error %v", feed, err)
		}
	})
}

// FuzzAbsoluteURLs checks that resolving the relative URLs of item HTML
// leaves HTML without any alone and is idempotent.
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

// FuzzForeignDate checks that reading a date in another language never
// panics and gives a UTC time whenever it reads one.
func FuzzForeignDate(f *testing.F) {
	for _, s := range []string{"mer, 16 nov 2022 00:38:15 +0100", "Mittwoch, 16. November 2022 00:38 GMT",
		"Τετ, 16 Νοέ 2022", "mar 15 2022", "1 dic 2020 25:61:61 +9999", "", ".", "mar, mar mar"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, ok := parseForeignDate(s); ok && got.Location() != time.UTC {
			t.Fatalf("parseForeignDate(%q) = %v, not in UTC", s, got)
		}
	})
}
