package opml

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzRoundTrip checks that Parse never panics and that whatever it
// accepts, Write turns into a document Parse reads back unchanged. Its
// seeds include XML of every encoding and fault from the feed corpora.
func FuzzRoundTrip(f *testing.F) {
	f.Add(`<opml version="1.0"><body><outline text="a" xmlurl="https://a.example/"/></body></opml>`)
	f.Add(`<opml><body><outline text=" / x // "><outline title="t&amp;" xmlUrl="u" htmlUrl="h"/></outline></body></opml>`)
	f.Add(`<opml><body><outline text="f"><outline text="g"/><outline xmlUrl="u1"/></outline><outline xmlUrl="u1"/></body></opml>`)
	f.Add(`<rss/>`)
	addXMLSeeds(f)
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

// addXMLSeeds adds the feed corpora's documents in other encodings and
// ill-formed ones (../../shared/corpora/feeds/feedparser, beside the
// repository) as seeds: they exercise the XML reading an OPML file goes
// through. The corpora are read in place, never copied here.
func addXMLSeeds(f *testing.F) {
	for _, dir := range []string{"encoding", "illformed"} {
		paths, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpora", "feeds", "feedparser", "tests", dir, "*.xml"))
		for _, p := range paths {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(string(b))
			}
		}
	}
}
