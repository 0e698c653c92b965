package fulltext

import "testing"

func TestPlainText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"plain text", "just words", "just words"},
		{"entities", "caf&eacute; &amp; cr&#232;me &lt;b&gt;", "café & crème <b>"},
		{"blocks separate words", "<p>one</p><p>two</p><br>three<li>four", "one two three four"},
		{"inline tags join", "<b>bold</b>er and <a href='x'>link</a>ed", "bolder and linked"},
		{"script and style dropped", "a<script>var x = '<p>no</p>';</script>b<style>p{}</style>c", "a b c"},
		{"comments dropped", "keep<!-- hidden -->this", "keepthis"},
		{"attributes are not text", `<img alt="alt text" src="x.png">caption`, "caption"},
		{"white space collapsed", "  a \n\t b  ", "a b"},
		{"unclosed tag", "text <p class=", "text"},
		{"stray less-than", "1 < 2 and 3 > 2", "1 < 2 and 3 > 2"},
		{"cdata and doctype", "<!DOCTYPE html><![CDATA[raw]]>x", "x"},
		{"unclosed script", "a<script>b", "a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PlainText(tt.in); got != tt.want {
				t.Errorf("PlainText(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCollapseSpace(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"only space", " \t\n ", ""},
		{"edges dropped", "  a b  ", "a b"},
		{"runs made one", "a \t\n  b\u00a0\u2003c", "a b c"},
		{"one word", "word", "word"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := collapseSpace(tt.in); got != tt.want {
				t.Errorf("collapseSpace(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
