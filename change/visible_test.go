package change

import "testing"

// TestSameVisible checks that only what a reader sees makes two versions
// differ: markup, scripts, whitespace, punctuation, case and word order
// do not; words, links and images do.
func TestSameVisible(t *testing.T) {
	const old = `<!DOCTYPE html><html><head><title>t</title></head><body>
<p>Hello <b>world</b></p> <script>var x = 1;</script>
<a href="/a">A</a><img src="/i.png"></body></html>`
	tests := []struct {
		name, new string
		same      bool
	}{
		{"identical", old, true},
		{"a space before the script", `<!DOCTYPE html><html><head><title>t</title></head><body>
<p>Hello <b>world</b></p>  <script>var x = 1;</script>
<a href="/a">A</a><img src="/i.png"></body></html>`, true},
		{"script body", `<!DOCTYPE html><html><head><title>t</title></head><body>
<p>Hello <b>world</b></p> <script>var x = 2; // rotated token</script>
<a href="/a">A</a><img src="/i.png"></body></html>`, true},
		{"class and comment", `<!DOCTYPE html><html><head><title>t</title></head><body>
<p class="x">Hello   <b>world</b></p><!-- built 12:00 --> <script>var x = 1;</script>
<a href="/a" class="y">A</a><img src="/i.png" alt="z"></body></html>`, true},
		{"link fragment rotated", `<!DOCTYPE html><html><head><title>t</title></head><body>
<p>Hello <b>world</b></p> <script>var x = 1;</script>
<a href="/a#e1f2">A</a><img src="/i.png"></body></html>`, true},
		{"punctuation and case", `<!DOCTYPE html><html><head><title>t</title></head><body>
<p>hello, <b>World!</b></p> <script>var x = 1;</script>
<a href="/a">A</a><img src="/i.png"></body></html>`, true},
		{"text", `<!DOCTYPE html><html><head><title>t</title></head><body>
<p>Hello <b>there</b></p> <script>var x = 1;</script>
<a href="/a">A</a><img src="/i.png"></body></html>`, false},
		{"words reordered", `<!DOCTYPE html><html><head><title>t</title></head><body>
<p><b>world</b> Hello</p> <script>var x = 1;</script>
<a href="/a">A</a><img src="/i.png"></body></html>`, true},
		{"a word repeated", `<!DOCTYPE html><html><head><title>t</title></head><body>
<p>Hello <b>world world</b></p> <script>var x = 1;</script>
<a href="/a">A</a><img src="/i.png"></body></html>`, false},
		{"link target", `<!DOCTYPE html><html><head><title>t</title></head><body>
<p>Hello <b>world</b></p> <script>var x = 1;</script>
<a href="/b">A</a><img src="/i.png"></body></html>`, false},
		{"image source", `<!DOCTYPE html><html><head><title>t</title></head><body>
<p>Hello <b>world</b></p> <script>var x = 1;</script>
<a href="/a">A</a><img src="/j.png"></body></html>`, false},
	}
	a := mustExtract(t, old, "text/html", ExtractOptions{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := mustExtract(t, tt.new, "text/html", ExtractOptions{})
			if got := SameVisible(a, b); got != tt.same {
				t.Errorf("SameVisible = %v, want %v", got, tt.same)
			}
			e := Compare(a, b)
			if e.Visible == tt.same {
				t.Errorf("Extents.Visible = %v, want %v", e.Visible, !tt.same)
			}
			if tt.same && tt.name != "identical" && (!e.Any || e.Severity != Negligible) {
				t.Errorf("markup-only change: any %v, severity %v, want a negligible byte-level change", e.Any, e.Severity)
			}
		})
	}
}
