package change

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// changelog builds a page of n sections of prose, a section rewritten
// when rewrite is set, a typo when typo is set, and links.
func changelog(n int, typo, rewrite bool, links ...string) string {
	var b strings.Builder
	b.WriteString("<html><head><title>Changelog</title></head><body><h1>Changelog</h1>\n")
	for i := range n {
		word := "released"
		if typo && i == 0 {
			word = "relaesed"
		}
		fmt.Fprintf(&b, "<h2>Version 1.%d</h2><p>Version 1.%d was %s with fixes to the parser, "+
			"the scheduler and the storage layer; upgrading is recommended for every user.</p>\n", i, i, word)
	}
	if rewrite {
		for i := range n / 2 {
			fmt.Fprintf(&b, "<p>Security advisory %d: a remote attacker could bypass authentication "+
				"through crafted session cookies; patch immediately.</p>\n", i)
		}
	}
	for _, l := range links {
		fmt.Fprintf(&b, "<a href=%q>%s</a>\n", l, l)
	}
	b.WriteString("</body></html>")
	return b.String()
}

func TestCompareScenarios(t *testing.T) {
	links := []string{"/a", "/b", "/c", "/d"}
	base := changelog(10, false, false, links...)
	tests := []struct {
		name     string
		new      string
		severity Severity
		summary  string
		check    func(Extents) bool
	}{
		{"unchanged", base, Negligible, "no change", func(e Extents) bool { return !e.Any && e.Text == 0 }},
		{"typo", changelog(10, true, false, links...), Negligible, "about 1% of the text changed",
			func(e Extents) bool { return e.Any && e.Text > 0 && e.Text < 0.05 && e.Links == 0 }},
		{"rewritten section", changelog(10, false, true, links...), Important, "of the text changed",
			func(e Extents) bool { return e.Text > 0.2 && e.Tokens > 0 && e.Phrases > 0 }},
		{"link added", changelog(10, false, false, append(links, "/e")...), Significant, "1 link added",
			func(e Extents) bool { return e.LinksAdded == 1 && e.LinksRemoved == 0 && e.Links == 0.2 }},
	}
	old := mustExtract(t, base, "text/html", ExtractOptions{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := Compare(old, mustExtract(t, tt.new, "text/html", ExtractOptions{}))
			if e.Severity != tt.severity || !strings.Contains(e.Summary, tt.summary) || !tt.check(e) {
				t.Errorf("extents = %+v; want severity %v and summary with %q", e, tt.severity, tt.summary)
			}
			for _, f := range []float64{e.Text, e.Tokens, e.Phrases, e.Links, e.Images} {
				if f < 0 || f > 1 {
					t.Errorf("fraction %v out of [0, 1]", f)
				}
			}
		})
	}
}

// TestInvisibleChangeSaysWhy checks that a change vigil does not count as
// visible says truly why: markup and whitespace only, or the same words in
// another order or with other punctuation (a swap of two words, of two
// prices, a minus sign dropped), and a changed title beside either.
func TestInvisibleChangeSaysWhy(t *testing.T) {
	const markup = "only markup, scripts or whitespace differ"
	const order = "the same words, links and images, but in another order or with other punctuation or letter case, which vigil does not count"
	tests := []struct {
		name, old, new, want string
	}{
		{"whitespace", "<p>Open until six.</p>", "<p>Open  until six.</p>\n", markup},
		{"markup", "<p>Open until six.</p>", "<div><p><b>Open</b> until six.</p></div>", markup},
		{"words swapped", "<p>The defendant was found guilty, not innocent.</p>", "<p>The defendant was found innocent, not guilty.</p>", order},
		{"prices swapped", "<table><tr><td>Basic</td><td>10 EUR</td></tr><tr><td>Pro</td><td>20 EUR</td></tr></table>",
			"<table><tr><td>Basic</td><td>20 EUR</td></tr><tr><td>Pro</td><td>10 EUR</td></tr></table>", order},
		{"minus sign", "<p>Temperature: -5 C</p>", "<p>Temperature: 5 C</p>", order},
		{"title", "<html><head><title>Lamp - In stock</title></head><body><p>Lamp</p></body></html>",
			"<html><head><title>Lamp - Sold out</title></head><body><p>Lamp</p></body></html>", markup + "; the HTML header (title, meta) changed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := Compare(mustExtract(t, tt.old, "text/html", ExtractOptions{}), mustExtract(t, tt.new, "text/html", ExtractOptions{}))
			if e.Visible || e.Summary != "no visible change: "+tt.want {
				t.Errorf("visible %v, summary %q; want no visible change: %s", e.Visible, e.Summary, tt.want)
			}
		})
	}
}

// TestExtentsJSON checks the JSON field names the issue asks for.
func TestExtentsJSON(t *testing.T) {
	e := Extents{Any: true, Text: 0.5, Severity: Important, Summary: "s", HeadUpdated: true}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	want := []string{"any", "visible", "text", "tokens", "phrases", "links", "images", "links_added",
		"links_removed", "images_added", "images_removed", "severity", "summary"}
	if len(m) != len(want) {
		t.Errorf("JSON has %d fields, want %d: %s", len(m), len(want), b)
	}
	for _, k := range want {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, b)
		}
	}
	if m["severity"] != "important" {
		t.Errorf("severity = %v", m["severity"])
	}
	var back Extents
	if err := json.Unmarshal(b, &back); err != nil || back.Severity != Important {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

func TestCompareKindsAndOpaque(t *testing.T) {
	a := mustExtract(t, changelog(10, false, false, "/a"), "text/html", ExtractOptions{})
	b := mustExtract(t, changelog(10, false, false, "/a", "/b"), "text/html", ExtractOptions{})
	if e := CompareWith(a, b, CompareOptions{Kinds: Kinds{Text: true}}); e.Severity != Negligible {
		t.Errorf("text only: a link added is %v, want negligible", e.Severity)
	}
	if e := CompareWith(a, b, CompareOptions{Kinds: Kinds{Links: true}}); e.Severity != Significant {
		t.Errorf("links only: one link added, half the links new, is %v, want significant (one link alone is never important)", e.Severity)
	}
	if e := CompareWith(a, b, CompareOptions{Kinds: Kinds{Links: true}, MinItems: 1}); e.Severity != Important {
		t.Errorf("links only, bands as they are: half the links new is %v, want important", e.Severity)
	}
	p1 := mustExtract(t, "%PDF-1.4 one", "application/pdf", ExtractOptions{})
	p2 := mustExtract(t, "%PDF-1.4 two!", "application/pdf", ExtractOptions{})
	e := Compare(p1, p2)
	if !e.Any || e.Text != 0 || e.Severity != Significant || !strings.Contains(e.Summary, "PDF document changed") {
		t.Errorf("pdf: %+v", e)
	}
	if e := CompareWith(p1, p2, CompareOptions{Opaque: Important}); e.Severity != Important {
		t.Errorf("opaque severity option ignored: %v", e.Severity)
	}
	if e := Compare(p1, p1); e.Any || e.Summary != "no change" {
		t.Errorf("same pdf: %+v", e)
	}
}

func TestSummarize(t *testing.T) {
	d := &Document{Type: TypeHTML}
	tests := []struct {
		e    Extents
		want string
	}{
		{Extents{}, "no change"},
		{Extents{Any: true, Visible: true, Measurable: true, Text: 0.123, LinksAdded: 3, ImagesRemoved: 1, SizeDelta: 2150},
			"about 12% of the text changed, 3 links added, 1 image removed, 2.1 KB larger"},
		{Extents{Any: true, Visible: true, Measurable: true, HeadUpdated: true, SizeDelta: -40},
			"the text is unchanged, HTML header updated, 40 bytes smaller"},
		{Extents{Any: true, Visible: true, Measurable: true, Text: 0.004, LinksRemoved: 1},
			"less than 1% of the text changed, 1 link removed"},
		{Extents{Any: true, Visible: true, Measurable: true, Text: 0.17, SizeDelta: -1},
			"about 17% of the text changed, 1 byte smaller"},
		{Extents{Any: true, Measurable: true, SizeDelta: 1},
			"no visible change: only markup, scripts or whitespace differ"},
	}
	for _, tt := range tests {
		if got := Summarize(tt.e, d, d); got != tt.want {
			t.Errorf("Summarize(%+v) = %q, want %q", tt.e, got, tt.want)
		}
	}
}
