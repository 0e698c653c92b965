package text_test

import (
	"testing"

	"vigil/text"
)

func TestPlainText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"plain text unchanged", "Just some words.", "Just some words."},
		{"plain text white space collapsed", "  two\t\tlines\n\nhere  ", "two lines here"},
		{"plain text entities", "Fish &amp; chips &lt;3 &eacute;t&#233; &#x41;", "Fish & chips <3 été A"},
		{"no-break space collapses", "a&nbsp;&nbsp;b\u00a0c", "a b c"},
		{"paragraphs become spaces", "<p>one</p><p>two</p>", "one two"},
		{"br becomes a space", "line<br>break<br/>again", "line break again"},
		{"inline tags join", "he<b>ll</b>o <a href=\"x\">world</a>", "hello world"},
		{"nested", "<div><ul><li>a<em>b</em></li><li><p>c</p></li></ul></div>", "ab c"},
		{"script dropped", "before<script>var x = '<p>no</p>';</script>after", "beforeafter"},
		{"style and noscript dropped", "<style>p{color:red}</style>x <noscript>enable js</noscript>y", "x y"},
		{"template and iframe dropped", "a <template><p>t</p></template>b <iframe>f</iframe>c", "a b c"},
		{"unclosed script hides the rest", "text <script>alert(1) more", "text"},
		{"stray end tag", "a</script> b</div>c", "a b c"},
		{"unclosed tags", "<p>open <b>bold <i>italic", "open bold italic"},
		{"broken tag", "x <p class=\"a y", "x"},
		{"less-than in text", "3 < 4 and 5 > 2", "3 < 4 and 5 > 2"},
		{"comments and doctype dropped", "<!DOCTYPE html><!-- hidden -->seen", "seen"},
		{"attributes ignored", "<img alt=\"alt text\" src=\"a.png\">caption", "caption"},
		{"title kept", "<html><head><title>T</title></head><body>B</body></html>", "T B"},
		{"entities in tags content", "<p>caf&eacute; &ndash; bar</p>", "café – bar"},
		{"unicode", "<p>Москва</p><p>東京</p>", "Москва 東京"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := text.PlainText(tt.in); got != tt.want {
				t.Errorf("PlainText(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
