package change

import (
	"math"
	"strings"
	"testing"
)

// FuzzDiff extracts two fuzzed versions of a page and compares and diffs
// them, as the page monitor does after each fetch: nothing may panic, every
// fraction lies in [0, 1], a version compared or diffed with itself shows
// no change, and the diff view is sanitised. Its seeds are a page and the
// edits a watched page sees: a line added, text updated, a link and an
// image removed, the head changed, the type changed. The seeds are kept
// small: the fuzzer minimises every new input, at a cost that grows with
// the square of its size, and .ci/fuzz gives each target a few seconds.
func FuzzDiff(f *testing.F) {
	const page = `<html><head><title>Jobs</title></head><body><p>Welder, full time.</p><a href="/apply">Apply</a><img src="/l.png"></body></html>`
	edits := []string{
		strings.Replace(page, "</p>", "</p><p>Baker.</p>", 1),
		strings.Replace(page, "full", "part", 1),
		strings.Replace(page, "<title>Jobs", "<title>Work", 1),
		strings.Replace(page, `<a href="/apply">Apply</a>`, "", 1),
		strings.Replace(page, `<img src="/l.png">`, "", 1),
		"<p>plain</p><script>alert(1)</script>", "%PDF-1.7", "",
	}
	for _, e := range edits {
		f.Add([]byte(page), []byte(e), "text/html", "")
	}
	f.Add([]byte("<p>a b c</p>"), []byte("<p>a <i>b</i> d</p>"), "text/html", "p")
	f.Add([]byte("one\ntwo\n"), []byte("one\nthree\n"), "text/plain", "")
	f.Fuzz(func(t *testing.T, oldBody, newBody []byte, contentType, selector string) {
		o := ExtractOptions{Selector: selector, Base: "https://example.com/a/"}
		a, errA := Extract(oldBody, contentType, o)
		b, errB := Extract(newBody, contentType, o)
		if errA != nil || errB != nil {
			return
		}
		checkExtents(t, Compare(a, b))
		checkExtents(t, Compare(b, a))
		if e := Compare(a, a); e.Any || e.Text != 0 || e.Tokens != 0 || e.Phrases != 0 || e.Links != 0 || e.Images != 0 {
			t.Fatalf("a version differs from itself: %+v", e)
		}
		v := Diff(a, b)
		if strings.Contains(strings.ToLower(v.HTML), "<script") {
			t.Fatalf("diff view holds a script: %q", v.HTML)
		}
		if v.Added < 0 || v.Updated < 0 || v.Deleted < 0 {
			t.Fatalf("negative counts: %+v", v)
		}
		if same := Diff(b, b); same.Added+same.Updated+same.Deleted != 0 || same.HeadUpdated {
			t.Fatalf("a version diffed with itself shows changes: %+v", same)
		}
	})
}

// checkExtents fails unless every fraction of e is a number in [0, 1].
func checkExtents(t *testing.T, e Extents) {
	t.Helper()
	for _, v := range []float64{e.Text, e.Tokens, e.Phrases, e.Links, e.Images} {
		if math.IsNaN(v) || v < 0 || v > 1 {
			t.Fatalf("fraction %v out of [0, 1]: %+v", v, e)
		}
	}
}
