package opml

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// FuzzRoundTrip checks that Parse never panics and that whatever it
// accepts, Write turns into a document Parse reads back unchanged.
func FuzzRoundTrip(f *testing.F) {
	f.Add(`<opml version="1.0"><body><outline text="a" xmlurl="https://a.example/"/></body></opml>`)
	f.Add(`<opml><body><outline text=" / x // "><outline title="t&amp;" xmlUrl="u" htmlUrl="h"/></outline></body></opml>`)
	f.Add(`<opml><body><outline text="f"><outline text="g"/><outline xmlUrl="u1"/></outline><outline xmlUrl="u1"/></body></opml>`)
	f.Add(`<rss/>`)
	f.Fuzz(func(t *testing.T, doc string) {
		first, err := Parse(strings.NewReader(doc))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := Write(&buf, "fuzz", first, time.Unix(0, 0)); err != nil {
			t.Fatalf("Write of parsed outlines: %v", err)
		}
		second, err := Parse(&buf)
		if err != nil {
			t.Fatalf("Parse of Write's output: %v\n%s", err, buf.String())
		}
		if diff := outlinesDiff(second, groupedOrder(first)); diff != "" {
			t.Fatalf("round trip: %s", diff)
		}
	})
}

// groupedOrder returns outlines in the order Write lists them: grouped into
// folders in order of first appearance.
func groupedOrder(outlines []Outline) []Outline {
	var out []Outline
	var visit func(f *folder)
	visit = func(f *folder) {
		for _, e := range f.entries {
			if e.folder != nil {
				visit(e.folder)
			} else {
				out = append(out, *e.feed)
			}
		}
	}
	visit(buildTree(outlines))
	return out
}
