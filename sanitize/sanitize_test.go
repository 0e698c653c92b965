package sanitize

import (
	"strings"
	"testing"

	"vigil"
)

func TestItem(t *testing.T) {
	tests := []struct {
		in, lacks, keeps string
	}{
		{`<p onclick="x()">hi<script>alert(1)</script></p>`, "script", "<p>hi</p>"},
		{`<a href="https://example.org/">x</a>`, "javascript", `rel="nofollow noreferrer noopener" target="_blank"`},
		{`<a href="javascript:alert(1)">x</a>`, "javascript", "x"},
		{`<img src="x" onerror="alert(1)">`, "onerror", `<img src="x">`},
	}
	p := Policy()
	for _, tc := range tests {
		got := Item(p, vigil.Item{Title: "t", Content: tc.in, Summary: tc.in})
		for _, s := range []string{got.Content, got.Summary} {
			if strings.Contains(s, tc.lacks) || !strings.Contains(s, tc.keeps) {
				t.Errorf("sanitising %q gave %q: want no %q and %q", tc.in, s, tc.lacks, tc.keeps)
			}
		}
		if got.Title != "t" {
			t.Errorf("the title changed: %q", got.Title)
		}
	}
}
