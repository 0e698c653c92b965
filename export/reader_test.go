package export

import (
	"bytes"
	"reflect"
	"testing"

	"vigil/opml"
)

// TestOPMLForOtherReaders writes a feed and a page and reads the document
// as a reader that knows nothing of vigil's attributes sees it: both are
// feeds with their title, address and folder.
func TestOPMLForOtherReaders(t *testing.T) {
	p := basePage()
	p.Ignore, p.Conditions = []string{`"quoted"`}, []string{"appears:x"}
	entries := []Entry{
		{Title: "News", URL: "https://example.com/feed.xml", SiteURL: "https://example.com/", Folder: "A"},
		{Title: "Shop", URL: "https://example.com/shop", Folder: "A/B", Page: &p},
	}
	var b bytes.Buffer
	if err := opml.Write(&b, "t", ToOutlines(entries), t0); err != nil {
		t.Fatal(err)
	}
	got, err := opml.Parse(&b)
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, b.String())
	}
	if len(got) != len(entries) {
		t.Fatalf("read %d outlines, want %d", len(got), len(entries))
	}
	for i, e := range entries {
		o := got[i]
		plain := opml.Outline{Title: o.Title, XMLURL: o.XMLURL, HTMLURL: o.HTMLURL, Category: o.Category}
		want := opml.Outline{Title: e.Title, XMLURL: e.URL, HTMLURL: e.SiteURL, Category: e.Folder}
		if !reflect.DeepEqual(plain, want) {
			t.Errorf("outline %d reads as %+v, want %+v", i, plain, want)
		}
	}
	if got[0].Extra != nil || got[1].Extra["page"] != "true" {
		t.Errorf("extra attributes %v and %v, want none on the feed and page=true on the page", got[0].Extra, got[1].Extra)
	}
}
