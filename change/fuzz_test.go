package change

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzExtract feeds Extract arbitrary bodies and content types: it must
// never panic, and what it returns must be consistent: fractions of a
// comparison in [0, 1], a document identical to itself, valid UTF-8 text
// and a sanitised diff view without scripts.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		jobsPage, "<p>plain", "%PDF-1.7", "<html><head><title>t</title></head><body><script>x</script></body>",
		"<table><tr><td>a<td>b</table><a href=\"javascript:alert(1)\">x</a>", "\xff\xfe<\x00p>",
	} {
		f.Add([]byte(s), "text/html", "")
		f.Add([]byte(s), "", "p")
	}
	f.Fuzz(func(t *testing.T, body []byte, contentType, selector string) {
		o := ExtractOptions{Selector: selector, Base: "https://example.com/a/"}
		d, err := Extract(body, contentType, o)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "change: ") {
				t.Fatalf("error without the package prefix: %v", err)
			}
			return
		}
		if !utf8.ValidString(d.Text) {
			t.Fatalf("text is not UTF-8: %q", d.Text)
		}
		if e := Compare(d, d); e.Any || e.Text != 0 || e.Tokens != 0 || e.Links != 0 {
			t.Fatalf("a document differs from itself: %+v", e)
		}
		empty, err := Extract([]byte("<p>x</p>"), "text/html", ExtractOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e := Compare(empty, d)
		for _, v := range []float64{e.Text, e.Tokens, e.Phrases, e.Links, e.Images} {
			if v < 0 || v > 1 {
				t.Fatalf("fraction %v out of [0, 1]: %+v", v, e)
			}
		}
		if v := Diff(empty, d); strings.Contains(strings.ToLower(v.HTML), "<script") {
			t.Fatalf("diff view holds a script: %q", v.HTML)
		}
	})
}
