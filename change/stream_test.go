package change

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestStreamMatchesTree checks the streaming reader against the tree walk
// (a selector of "body" takes the tree path) on well-formed pages: the
// same lines, blocks, text, links, title and head.
func TestStreamMatchesTree(t *testing.T) {
	pages := map[string]string{
		"jobs":      jobsPage,
		"changelog": changelog(6, true, true, "/a", "/b"),
		"listing":   string(syntheticPage(8<<10, 3, 2)),
		"implied":   "<html><head><title>T</title></head><body><ul><li>one<li>two</ul><p>a<p>b</p><dl><dt>k<dd>v</dl></body></html>",
	}
	for name, page := range pages {
		t.Run(name, func(t *testing.T) {
			s := mustExtract(t, page, "text/html", ExtractOptions{Base: "https://x.example/"})
			tr := mustExtract(t, page, "text/html", ExtractOptions{Base: "https://x.example/", Selector: "body"})
			if s.Text != tr.Text || s.Title != tr.Title || s.HeadDigest != tr.HeadDigest ||
				strings.Join(s.Links, " ") != strings.Join(tr.Links, " ") || len(s.Lines) != len(tr.Lines) {
				t.Fatalf("stream and tree differ:\ntext %q\n vs  %q\ntitle %q vs %q, %d vs %d lines",
					s.Text, tr.Text, s.Title, tr.Title, len(s.Lines), len(tr.Lines))
			}
			for i := range s.Lines {
				if s.Lines[i] != tr.Lines[i] {
					t.Fatalf("line %d: %+v vs %+v", i, s.Lines[i], tr.Lines[i])
				}
			}
		})
	}
}

// TestStreamHostile checks the streaming reader on pages built to hurt:
// endless unclosed tags, stray end tags, unterminated scripts.
func TestStreamHostile(t *testing.T) {
	for name, page := range map[string]string{
		"deep":        strings.Repeat("<div>", 100000) + "text",
		"stray ends":  strings.Repeat("</div></p>", 1000) + "<p>ok</p>",
		"open script": "<p>before</p><script>while(1){} <p>hidden</p>",
		"nested skip": "<object><object><p>in</p></object><p>still in</p></object><p>out</p>",
	} {
		t.Run(name, func(t *testing.T) {
			d := mustExtract(t, page, "text/html", ExtractOptions{})
			if strings.Contains(d.Text, "hidden") || strings.Contains(d.Text, "in\n") {
				t.Errorf("skipped content kept: %q", d.Text)
			}
			depth := 0
			for _, l := range d.Lines {
				if l.Kind == StartTag && !strings.HasPrefix(l.HTML, "<br") {
					depth++
				}
				if l.Kind == EndTag {
					depth--
				}
				if n := strings.Count(l.Block, "/"); n > maxDepth {
					t.Fatalf("block path of depth %d", n)
				}
			}
			if depth != 0 {
				t.Errorf("%d elements left open", depth)
			}
		})
	}
}

// TestStreamHeadless checks a page without html, head or body tags: its
// title is still the head's, its text the body's.
func TestStreamHeadless(t *testing.T) {
	d := mustExtract(t, "<title>Prices</title><p>Tea 3 EUR</p>", "text/html", ExtractOptions{})
	if d.Title != "Prices" || d.Text != "Tea 3 EUR\n" {
		t.Errorf("title %q, text %q", d.Title, d.Text)
	}
	e := mustExtract(t, "<title>Prices!</title><p>Tea 3 EUR</p>", "text/html", ExtractOptions{})
	if x := Compare(d, e); !x.HeadUpdated || x.Text != 0 {
		t.Errorf("a title change: %+v", x)
	}
}

// TestDocumentJSON checks that a Document read back from JSON (as the
// monitor stores it) compares and diffs like the original.
func TestDocumentJSON(t *testing.T) {
	a := mustExtract(t, jobsPage, "text/html", ExtractOptions{})
	b := mustExtract(t, strings.Replace(jobsPage, "Baker", "Cook", 1), "text/html", ExtractOptions{})
	raw, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var back Document
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if Compare(&back, b) != Compare(a, b) || Diff(&back, b) != Diff(a, b) {
		t.Error("a document read back from JSON compares differently")
	}
}
