package change

import (
	"fmt"
	"strings"
	"testing"
)

// longPage is a page of 60 paragraphs, paragraph n's text replaced by the
// edits given.
func longPage(edits map[int]string) string {
	var b strings.Builder
	b.WriteString("<html><body><div id=\"main\">")
	for i := range 60 {
		text := fmt.Sprintf("Paragraph %d says the same as before.", i)
		if e, ok := edits[i]; ok {
			text = e
		}
		fmt.Fprintf(&b, "<p>%s</p>", text)
	}
	b.WriteString("</div></body></html>")
	return b.String()
}

func TestDiffWith(t *testing.T) {
	old := longPage(nil)
	edited := longPage(map[int]string{40: "Paragraph 40 says the same as today."})
	two := longPage(map[int]string{5: "Paragraph five is new.", 50: "Paragraph 50 is new."})
	tests := []struct {
		name    string
		new     string
		opts    DiffOptions
		contain []string
		absent  []string
	}{
		{"changes only", edited, DiffOptions{Context: 2},
			[]string{`id="vigil-change-1"`, "Paragraph 38 says", "Paragraph 42 says", `<del class="vigil-updated">Paragraph 40 says the same as before.</del>`},
			[]string{"Paragraph 37 says", "Paragraph 43 says", "Paragraph 10 says"}},
		{"whole page", edited, DiffOptions{Context: -1},
			[]string{`id="vigil-change-1"`, "Paragraph 10 says", "Paragraph 59 says"}, nil},
		{"words inline", edited, DiffOptions{Context: 0, Words: true},
			[]string{`Paragraph 40 says the same as <del class="vigil-updated">before.</del> <ins class="vigil-updated">today.</ins>`},
			[]string{"Paragraph 39"}},
		{"side by side", edited, DiffOptions{Context: 1, SideBySide: true, Words: true},
			[]string{`<div class="vigil-old">`, `<div class="vigil-new">`, `as <del class="vigil-updated">before.</del>`, `as <ins class="vigil-updated">today.</ins>`}, nil},
		{"two changes linked", two, DiffOptions{Context: 1},
			[]string{`id="vigil-change-1" class="vigil-anchor" href="#vigil-change-2"`, `id="vigil-change-2" class="vigil-anchor" href="#vigil-change-1"`,
				`<p class="vigil-gap">`}, []string{"Paragraph 20 says"}},
		{"no change", old, DiffOptions{Context: 3}, []string{"No change of the watched text."}, []string{"vigil-change-1"}},
	}
	a := mustExtract(t, old, "text/html", ExtractOptions{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := DiffWith(a, mustExtract(t, tt.new, "text/html", ExtractOptions{}), tt.opts)
			for _, s := range tt.contain {
				if !strings.Contains(v.HTML, s) {
					t.Errorf("view lacks %q:\n%s", s, v.HTML)
				}
			}
			for _, s := range tt.absent {
				if strings.Contains(v.HTML, s) {
					t.Errorf("view holds %q:\n%s", s, v.HTML)
				}
			}
			for _, tag := range []string{"p", "div"} {
				if o, c := strings.Count(v.HTML, "<"+tag+">")+strings.Count(v.HTML, "<"+tag+" "), strings.Count(v.HTML, "</"+tag+">"); o != c {
					t.Errorf("%d <%s> opened, %d closed:\n%s", o, tag, c, v.HTML)
				}
			}
		})
	}
}

func TestDiffWithListsNoiseApart(t *testing.T) {
	page := func(clock, text string) string {
		return `<html><body><p>` + text + `</p><p id="clock">` + clock + `</p><p class="ad">Buy now</p></body></html>`
	}
	o := ExtractOptions{Noise: []string{"body/p#clock:0"}}
	a := mustExtract(t, page("10:01", "Stable text."), "text/html", o)
	b := mustExtract(t, page("10:02", "Stable text."), "text/html", o)
	v := DiffWith(a, b, DiffOptions{Context: DefaultContext})
	if v.Changes != 0 || v.Noise != 2 {
		t.Errorf("changes %d, noise %d; want 0 and 2", v.Changes, v.Noise)
	}
	for _, s := range []string{`<details class="vigil-noise-list">`, `<del class="vigil-noise">10:01</del>`, `<ins class="vigil-noise">10:02</ins>`} {
		if !strings.Contains(v.HTML, s) {
			t.Errorf("view lacks %q:\n%s", s, v.HTML)
		}
	}
}

func TestDiffWithSaysWhenCapped(t *testing.T) {
	o := ExtractOptions{MaxKept: 500}
	a := mustExtract(t, longPage(nil), "text/html", o)
	b := mustExtract(t, longPage(map[int]string{59: "The end changed."}), "text/html", o)
	v := DiffWith(a, b, DiffOptions{Context: DefaultContext})
	if !v.Capped || v.Compared == 0 || !strings.Contains(v.HTML, "vigil compared the first ") {
		t.Errorf("capped %v:\n%s", v.Capped, v.HTML)
	}
}

func TestFragmentBalances(t *testing.T) {
	lines := []Line{{Kind: EndTag, HTML: "</div>"}, {Kind: StartTag, HTML: `<p class="x">`}, {Kind: TextLine, HTML: "a"},
		{Kind: StartTag, HTML: "<br>"}, {Kind: StartTag, HTML: "<b>"}, {Kind: TextLine, HTML: "c"}}
	var b strings.Builder
	f := fragment{b: &b}
	for i := range lines {
		if lines[i].Kind == TextLine {
			b.WriteString(lines[i].HTML)
			continue
		}
		f.tag(&lines[i])
	}
	f.end()
	if got, want := b.String(), "<p class=\"x\">a<br><b>c</b></p>\n"; got != want {
		t.Errorf("fragment = %q, want %q", got, want)
	}
}

func TestDiffAnchorsNeverNestInLinks(t *testing.T) {
	a := mustExtract(t, `<p>Price: 10 EUR</p><a href="/a">a</a>`, "text/html", ExtractOptions{})
	b := mustExtract(t, `<p>Price: 12 EUR</p><a href="/a">a</a><a href="/b">b</a>`, "text/html", ExtractOptions{})
	v := DiffWith(a, b, DiffOptions{Context: 1, Words: true})
	want := []string{`<a id="vigil-change-1" class="vigil-anchor" href="#vigil-change-2"`, `<a href="/b" rel="nofollow noreferrer"><span id="vigil-change-2" class="vigil-anchor">2/2</span><ins class="vigil-added">b</ins></a>`}
	for _, s := range want {
		if !strings.Contains(v.HTML, s) {
			t.Errorf("view lacks %q:\n%s", s, v.HTML)
		}
	}
}
