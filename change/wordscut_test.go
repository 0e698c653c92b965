package change

import (
	"fmt"
	"strings"
	"testing"
)

// TestWordsCutPageIsComparedOverItsLines checks a page of more distinct
// words than are measured: its lines cover it whole, so an edit of its
// last paragraph is a visible change shown in the diff view, with a
// summary saying how much was measured, and a markup edit there is none.
func TestWordsCutPageIsComparedOverItsLines(t *testing.T) {
	page := func(last string) string {
		var b strings.Builder
		for i := 0; b.Len() < 600<<10; i++ {
			fmt.Fprintf(&b, "<p>w%x x%x</p>\n", i, i*7)
		}
		return b.String() + last
	}
	x, err := ExtractOptions{}.compile()
	if err != nil {
		t.Fatal(err)
	}
	x.maxWords = 5000
	extract := func(s string) *Document {
		d, err := x.extract([]byte(s), "text/html", Watch{})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	old := extract(page(`<p class="a">Hearing moved to Monday.</p>`))
	if !old.Capped || !old.LinesWhole || old.Compared == 0 || old.Compared > old.Size/4 {
		t.Fatalf("capped %v, lines whole %v, words of %d of %d bytes", old.Capped, old.LinesWhole, old.Compared, old.Size)
	}
	if last := old.Lines.At(old.Lines.Len() - 2); last.Text != "Hearing moved to Monday." {
		t.Fatalf("last text line %+v, want the last paragraph's", last)
	}
	tests := []struct {
		name, last string
		visible    bool
	}{
		{"text", `<p class="a">Hearing moved to Tuesday.</p>`, true},
		{"markup", `<p class="b">Hearing moved to Monday.</p>`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			new := extract(page(tt.last))
			e := Compare(old, new)
			if !e.Any || e.Visible != tt.visible || !e.Cut || !e.LinesWhole {
				t.Fatalf("any %v, visible %v (want %v), cut %v, lines whole %v", e.Any, e.Visible, tt.visible, e.Cut, e.LinesWhole)
			}
			v := DiffWith(old, new, DiffOptions{Context: DefaultContext})
			if v.Capped {
				t.Errorf("the diff view says it is cut:\n%s", v.HTML)
			}
			if !tt.visible {
				return
			}
			if e.Severity != Significant || !strings.Contains(e.Summary, "vigil compared the first ") || !strings.Contains(e.Summary, "the diff view shows all of it") {
				t.Errorf("severity %v, summary %q", e.Severity, e.Summary)
			}
			if v.Changes != 1 || !strings.Contains(v.HTML, "Tuesday") {
				t.Errorf("%d changes:\n%s", v.Changes, v.HTML)
			}
		})
	}
}
