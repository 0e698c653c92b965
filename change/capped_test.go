package change

import (
	"fmt"
	"strings"
	"testing"
)

// keptBytes is what a document's lines hold, HTML and text.
func keptBytes(d *Document) int {
	n := 0
	for _, l := range d.Lines {
		n += len(l.HTML) + len(l.Text)
	}
	return n
}

func TestExtractCapsWhatItKeeps(t *testing.T) {
	long := "<p>" + strings.Repeat("<b>word</b> tail ", 2000) + "</p>"
	oneText := "<p>" + strings.Repeat("\xff\"x", 5000) + "</p>"
	plain := strings.Repeat("a line of text\n", 2000)
	tests := []struct {
		name, body, ct string
		opts           ExtractOptions
		capped         bool
	}{
		{"short page", "<p>hello</p>", "text/html", ExtractOptions{MaxKept: 1000}, false},
		{"many lines", long, "text/html", ExtractOptions{MaxKept: 1000}, true},
		{"one long text of invalid bytes and quotes", oneText, "text/html", ExtractOptions{MaxKept: 1000}, true},
		{"selector", long, "text/html", ExtractOptions{MaxKept: 1000, Selector: "p"}, true},
		{"ignore rule", long, "text/html", ExtractOptions{MaxKept: 1000, Ignore: []string{"^tail$"}}, true},
		{"plain text", plain, "text/plain", ExtractOptions{MaxKept: 1000}, true},
		{"default cap", long, "text/html", ExtractOptions{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, tt.body, tt.ct, tt.opts)
			if d.Capped != tt.capped {
				t.Fatalf("Capped = %v, want %v", d.Capped, tt.capped)
			}
			if !tt.capped {
				return
			}
			// The last line may overrun the cap by what one tag or one
			// escaped text costs: far less than the page.
			if n := keptBytes(d); n > tt.opts.MaxKept+200 {
				t.Errorf("kept %d bytes of lines, cap %d", n, tt.opts.MaxKept)
			}
			if d.Digest != digest([]byte(tt.body)) {
				t.Error("a capped document's digest is not of the whole body")
			}
		})
	}
}

// TestCappedPageTellsALateChange checks that a change past the cut of a
// capped page, where nothing compared differs, is told as a change and
// said to be past what was compared, never "no change", while the same
// bytes are no change.
func TestCappedPageTellsALateChange(t *testing.T) {
	page := func(last string) []byte {
		return []byte("<p>" + strings.Repeat("<i>same</i> ", 500) + last + "</p>")
	}
	tests := []struct {
		name string
		opts ExtractOptions
	}{
		{"whole page", ExtractOptions{MaxKept: 2000}},
		{"ignore rule", ExtractOptions{MaxKept: 2000, Ignore: []string{"^nothing$"}}},
		{"selector", ExtractOptions{MaxKept: 2000, Selector: "p"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := Extract(page("old ending"), "text/html", tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Extract(page("new ending"), "text/html", tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !a.Capped {
				t.Fatal("the page is not capped")
			}
			if a.Visible == b.Visible {
				t.Error("two cut pages of other bytes have the same visible state")
			}
			e := CompareWith(a, b, CompareOptions{Kinds: AllKinds()})
			if !e.Any || !e.Visible || !e.Cut || e.Severity != Significant {
				t.Errorf("any %v, visible %v, cut %v, severity %v: a change past the cut must be told", e.Any, e.Visible, e.Cut, e.Severity)
			}
			if !strings.Contains(e.Summary, "compared") || strings.HasPrefix(e.Summary, "no ") {
				t.Errorf("summary %q does not say what was compared", e.Summary)
			}
			if same := CompareWith(a, a, CompareOptions{}); same.Any || same.Visible || same.Summary != "no change" {
				t.Errorf("the same capped page: %+v", same)
			}
		})
	}
}

// TestCappedSummaryNamesTheBytesCompared checks the words of a cut
// page's change: the megabytes compared when the reader knows them.
func TestCappedSummaryNamesTheBytesCompared(t *testing.T) {
	page := func(last string) []byte {
		return []byte("<p>" + strings.Repeat("<i>same</i> ", 100000) + last + "</p>")
	}
	o := ExtractOptions{MaxKept: 1 << 20}
	a, b := mustExtract(t, string(page("old")), "text/html", o), mustExtract(t, string(page("new")), "text/html", o)
	if !a.Capped || a.Compared < 10000 || a.Compared >= a.Size {
		t.Fatalf("capped %v, compared %d of %d bytes", a.Capped, a.Compared, a.Size)
	}
	e := Compare(a, b)
	want := "vigil compared the first " + megabytes(min(a.Compared, b.Compared)) + " of 1.2 MB"
	if !strings.Contains(e.Summary, want) {
		t.Errorf("summary %q, want it to say %q", e.Summary, want)
	}
}

// TestExtractBoundsDistinctWords checks that a page of endless distinct
// words is capped by its words, well before its bytes, and a long page
// of few words is not.
func TestExtractBoundsDistinctWords(t *testing.T) {
	var distinct, repeated strings.Builder
	for i := 0; distinct.Len() < 1<<20; i++ {
		fmt.Fprintf(&distinct, "<p>w%x x%x</p>\n", i, i*7)
		fmt.Fprintf(&repeated, "<p>w%x x%x</p>\n", i%1000, i%7)
	}
	x, err := ExtractOptions{}.compile()
	if err != nil {
		t.Fatal(err)
	}
	x.maxWords, x.maxKept = 50000, 1<<30
	for _, tt := range []struct {
		name   string
		page   string
		capped bool
	}{{"distinct words", distinct.String(), true}, {"repeated words", repeated.String(), false}} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := x.extract([]byte(tt.page), "text/html", Watch{})
			if err != nil {
				t.Fatal(err)
			}
			if d.Capped != tt.capped {
				t.Fatalf("capped %v, want %v (%d words)", d.Capped, tt.capped, len(d.Words))
			}
			if tt.capped && (len(d.Words) < 45000 || len(d.Words) > 55000) {
				t.Errorf("%d distinct words kept, bound 50000", len(d.Words))
			}
		})
	}
}

func TestExtractRejectsANegativeCap(t *testing.T) {
	if _, err := Extract([]byte("<p>x</p>"), "text/html", ExtractOptions{MaxKept: -1}); err == nil || !strings.Contains(err.Error(), "MaxKept") {
		t.Errorf("err = %v, want one naming MaxKept", err)
	}
}
