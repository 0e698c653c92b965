package change

import (
	"maps"
	"testing"
)

// TestBlockNumbering checks block names on the streaming path: a blank
// text takes its number among its path's blocks without showing a line
// (the second div's "\n" makes the third div body/div:2).
func TestBlockNumbering(t *testing.T) {
	page := "<html><body>\n <div class=' a b'>\n x <p id=q>one\n<p>two &amp; <b>B</b></div>\n" +
		"<div>t</div>  <div>\n</div><div>u</div></body></html>"
	want := []struct{ text, block string }{
		{"x", "body/div.a:0"}, {"one", "body/div.a/p#q:0"}, {"two &", "body/div.a/p:0"},
		{"B", "body/div.a/p/b:0"}, {"t", "body/div:0"}, {"u", "body/div:2"},
	}
	d := mustExtract(t, page, "text/html", ExtractOptions{})
	var got []Line
	for _, l := range d.Lines {
		if l.Kind == TextLine {
			got = append(got, l)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d text lines, want %d", len(got), len(want))
	}
	for i, w := range want {
		if got[i].Text != w.text || got[i].Block != w.block {
			t.Errorf("line %d = %q in %q, want %q in %q", i, got[i].Text, got[i].Block, w.text, w.block)
		}
	}
	if d.Text != "x\none\ntwo &\nB\nt\nu\n" {
		t.Errorf("Text = %q", d.Text)
	}
}

// TestAppendCollapsedBytes checks the byte-slice collapse against the
// string one, on white space of every kind and invalid UTF-8.
func TestAppendCollapsedBytes(t *testing.T) {
	texts := map[string]string{
		"spaces":  "  a \t b\n\n c  ",
		"unicode": "\u00a0x\u2003y\u0085z\u3000",
		"invalid": "a\xffb \xe2\x82 c\xc3",
		"replace": "\ufffd \ufffd",
		"empty":   "",
		"blank":   " \n\t ",
		"control": "a\vb\x1cc\x1f d\x00e\x7f f\x85g",
	}
	maps.Copy(texts, corpusPages(t, 100))
	for name, s := range texts {
		got := string(appendCollapsedBytes([]byte("p"), []byte(s)))
		if want := string(appendCollapsed([]byte("p"), s)); got != want {
			t.Errorf("%s: appendCollapsedBytes gives %q, appendCollapsed %q", name, got, want)
		}
	}
}
