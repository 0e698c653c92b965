package sanitize

import (
	"regexp"
	"strings"
	"testing"
)

// unsafeMarkup finds what must never leave Sanitize: a script, style or
// frame element, an event handler attribute, or a link or source to a
// javascript: or vbscript: URL. Text is escaped, so every '<' left opens
// an element the policy allowed.
var (
	unsafeMarkup = regexp.MustCompile(`(?i)<\s*(script|style|iframe|object|embed)|<[^>]*(href|src)\s*=\s*["']?\s*(javascript|vbscript):`)
	// eventHandler finds an on... attribute once the quoted attribute
	// values (which the policy always quotes) are emptied.
	eventHandler = regexp.MustCompile(`(?i)<[^>]*\son[a-z]+\s*=`)
	quotedValue  = regexp.MustCompile(`"[^"]*"`)
)

// FuzzSanitize cleans arbitrary HTML with the default policy: no script,
// style, frame, event handler or script URL comes out.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{
		`<p onclick="x()">hi</p>`,
		`<script>alert(1)</script><b>bold</b>`,
		`<a href="javascript:alert(1)">x</a>`,
		`<a href=" JaVaScRiPt:alert(1)">x</a>`,
		`<img src=x onerror=alert(1)>`,
		`<<script>script>alert(1)<</script>/script>`,
		`<svg><style>a{}</style></svg>`,
		`<a href="https://example.org/">ok</a>`,
	} {
		f.Add(s)
	}
	p := Policy()
	f.Fuzz(func(t *testing.T, html string) {
		out := p.Sanitize(html)
		if m := unsafeMarkup.FindString(out); m != "" {
			t.Errorf("Sanitize(%q) = %q, keeps %q", html, out, m)
		}
		if m := eventHandler.FindString(quotedValue.ReplaceAllString(out, `""`)); m != "" {
			t.Errorf("Sanitize(%q) = %q, keeps an event handler in %q", html, out, m)
		}
		if strings.Contains(strings.ToLower(out), "<script") {
			t.Errorf("Sanitize(%q) = %q, keeps a script", html, out)
		}
	})
}
