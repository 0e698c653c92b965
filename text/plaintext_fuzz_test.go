package text_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"vigil/text"
)

// maxHTMLSeeds bounds the corpus files used as seeds.
const maxHTMLSeeds = 200

// addHTMLSeeds adds a sample of the feed corpora's sanitiser cases
// (../../shared/corpora/feeds/feedparser/tests/wellformed/sanitize, beside
// the repository): feeds full of hostile and malformed item HTML. The
// corpora are read in place, never copied here.
func addHTMLSeeds(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpora", "feeds", "feedparser", "tests", "wellformed", "sanitize", "*.xml"))
	step := max(1, len(paths)/maxHTMLSeeds)
	for i := 0; i < len(paths); i += step {
		if b, err := os.ReadFile(paths[i]); err == nil {
			f.Add(string(b))
		}
	}
}

// FuzzPlainText checks that turning HTML into text never panics, keeps
// valid UTF-8 valid, collapses white space (none at either end, never two
// spaces in a row) and leaves text without markup or entities as it was,
// apart from white space.
func FuzzPlainText(f *testing.F) {
	for _, s := range []string{"", "<p>a</p><p>b</p>", "a<b>b</b>c", "<script>x</script>y", "&amp;&lt;&#0;&#x110000;",
		"<img alt=x>t", "<style>", "a\u00a0\u00a0b", "<!-- c -->d", "<br/><br>", "\xff<p>\xfe"} {
		f.Add(s)
	}
	addHTMLSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		got := text.PlainText(s)
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("PlainText(%q) = %q, not valid UTF-8", s, got)
		}
		if strings.Contains(got, "  ") || strings.TrimSpace(got) != got {
			t.Fatalf("PlainText(%q) = %q: white space not collapsed", s, got)
		}
		if utf8.ValidString(s) && !strings.ContainsAny(s, "<&\r\x00") {
			if want := strings.Join(strings.FieldsFunc(s, isCollapsed), " "); got != want {
				t.Fatalf("PlainText(%q) = %q, want %q", s, got, want)
			}
		}
	})
}

// isCollapsed reports whether PlainText treats r as white space.
func isCollapsed(r rune) bool { return unicode.IsSpace(r) || r == '\u00a0' }
