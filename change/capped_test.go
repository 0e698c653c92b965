package change

import (
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

func TestCappedPageStillSeesALateChange(t *testing.T) {
	page := func(last string) []byte {
		return []byte("<p>" + strings.Repeat("<i>same</i> ", 500) + last + "</p>")
	}
	o := ExtractOptions{MaxKept: 1000, Ignore: []string{"^nothing$"}}
	a, err := Extract(page("old ending"), "text/html", o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Extract(page("new ending"), "text/html", o)
	if err != nil {
		t.Fatal(err)
	}
	e := CompareWith(a, b, CompareOptions{Kinds: AllKinds()})
	if !a.Capped || !e.Any {
		t.Errorf("capped %v, any %v: a change past the cap must be seen at the byte level", a.Capped, e.Any)
	}
}

func TestExtractRejectsANegativeCap(t *testing.T) {
	if _, err := Extract([]byte("<p>x</p>"), "text/html", ExtractOptions{MaxKept: -1}); err == nil || !strings.Contains(err.Error(), "MaxKept") {
		t.Errorf("err = %v, want one naming MaxKept", err)
	}
}
