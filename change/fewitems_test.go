package change

import (
	"fmt"
	"strings"
	"testing"
)

// linksPage is a page of the given link targets and a fixed paragraph.
func linksPage(targets ...string) string {
	var b strings.Builder
	b.WriteString(`<html><body><p>Opening hours and contacts of the parish office.</p><ul>`)
	for _, t := range targets {
		fmt.Fprintf(&b, `<li><a href="%s">Contact</a></li>`, t)
	}
	b.WriteString(`</ul><img src="/a.png"></body></html>`)
	return b.String()
}

// TestSeverityOfFewLinks checks the rule that one link (image) alone never
// makes a change important, while two or more do as the bands say.
func TestSeverityOfFewLinks(t *testing.T) {
	five := []string{"/a", "/b", "/c", "/d", "/mail?k=1"}
	tests := []struct {
		name     string
		new      string
		minItems int
		want     Severity
	}{
		{"one rotated link of five", linksPage("/a", "/b", "/c", "/d", "/mail?k=2"), 0, Significant},
		{"one link added to five", linksPage(append(five, "/e")...), 0, Significant},
		{"two rotated links of five", linksPage("/a", "/b", "/c", "/x", "/mail?k=2"), 0, Important},
		{"one rotated link, bands as they are", linksPage("/a", "/b", "/c", "/d", "/mail?k=2"), 1, Important},
		{"one image replaced of one", strings.Replace(linksPage(five...), "/a.png", "/b.png", 1), 0, Significant},
	}
	old := mustExtract(t, linksPage(five...), "text/html", ExtractOptions{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := CompareWith(old, mustExtract(t, tt.new, "text/html", ExtractOptions{}), CompareOptions{MinItems: tt.minItems})
			if e.Severity != tt.want {
				t.Errorf("severity %v, want %v (links %.2f +%d −%d, images %.2f)", e.Severity, tt.want, e.Links, e.LinksAdded, e.LinksRemoved, e.Images)
			}
		})
	}
}
