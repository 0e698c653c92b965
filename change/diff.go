package change

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
)

// The classes the diff view marks changes with; a stylesheet colours them.
const (
	ClassAdded   = "vigil-added"
	ClassUpdated = "vigil-updated"
	ClassDeleted = "vigil-deleted"
	ClassNoise   = "vigil-noise"
	ClassHeader  = "vigil-header"
)

// HeaderUpdated is the warning put on top of the diff view when the HTML
// head changed (Glance et al. §3.2).
const HeaderUpdated = "HTML header updated"

// DiffView is the new version of a page with its changes marked inline.
type DiffView struct {
	// HTML is the new version's watched region, sanitised, with added
	// text in <ins class="vigil-added">, updated text in <ins
	// class="vigil-updated"> after the old text in <del
	// class="vigil-updated">, deleted text in <del class="vigil-deleted">
	// and changed noise blocks in <span class="vigil-noise">.
	HTML string
	// HeadUpdated is set when the head changed; HTML then starts with
	// HeaderUpdated.
	HeadUpdated bool
	// Added, Updated and Deleted count the changed text runs (hunks).
	Added, Updated, Deleted int
}

// Diff renders new with its changes from old marked inline. Like Glance et
// al. (§3.2), it compares the pages with tags and text on separate lines
// (Document.Lines) by a longest common subsequence; a run of changed
// lines is an addition, a deletion, or an update when it both removes and
// adds text. Scripts and styles are never shown (Extract drops them) and
// the result is sanitised (bluemonday's user-content policy). Documents
// that are not HTML or text get a one-line note instead.
func Diff(old, new *Document) DiffView {
	var v DiffView
	var b strings.Builder
	if !old.Measurable() || !new.Measurable() {
		fmt.Fprintf(&b, "<p class=%q>The %s changed; it cannot be shown as a page.</p>", ClassHeader, typeWord(old, new))
		v.HTML = b.String()
		return v
	}
	if old.HeadDigest != new.HeadDigest {
		v.HeadUpdated = true
		fmt.Fprintf(&b, "<p class=%q>%s</p>\n", ClassHeader, HeaderUpdated)
	}
	ida, idb := lineIDs(old.Lines, new.Lines)
	inA, inB, _ := match(ida, idb, defaultMaxCost, defaultMaxWork)
	r := renderer{b: &b, old: old.Lines, new: new.Lines, view: &v}
	i, j := 0, 0
	for i < len(inA) || j < len(inB) {
		i2, j2 := i, j
		for i2 < len(inA) && !inA[i2] {
			i2++
		}
		for j2 < len(inB) && !inB[j2] {
			j2++
		}
		r.hunk(i, i2, j, j2)
		if i2 < len(inA) && j2 < len(inB) {
			b.WriteString(new.Lines[j2].HTML)
			b.WriteByte('\n')
		}
		i, j = i2+1, j2+1
	}
	v.HTML = sanitizer().Sanitize(b.String())
	return v
}

// lineIDs numbers the distinct lines of a and b.
func lineIDs(a, b []Line) (ida, idb []int) {
	ids := make(map[string]int, len(a))
	number := func(ls []Line) []int {
		out := make([]int, len(ls))
		for i := range ls {
			id, ok := ids[ls[i].HTML]
			if !ok {
				id = len(ids)
				ids[ls[i].HTML] = id
			}
			out[i] = id
		}
		return out
	}
	return number(a), number(b)
}

// renderer writes the hunks of a diff view.
type renderer struct {
	b        *strings.Builder
	old, new []Line
	view     *DiffView
}

// hunk writes the changed run old[i:i2] → new[j:j2].
func (r *renderer) hunk(i, i2, j, j2 int) {
	deleted := watchedText(r.old[i:i2])
	added := watchedText(r.new[j:j2])
	class := ClassAdded
	switch {
	case deleted != "" && added != "":
		class = ClassUpdated
		r.view.Updated++
		r.mark("del", ClassUpdated, deleted)
	case deleted != "":
		r.view.Deleted++
		r.mark("del", ClassDeleted, deleted)
	case added != "":
		r.view.Added++
	}
	for _, l := range r.new[j:j2] {
		r.line(l, class)
	}
}

// line writes one changed line of the new version.
func (r *renderer) line(l Line, class string) {
	switch {
	case l.Kind != TextLine || l.Ignored:
		r.b.WriteString(l.HTML)
		r.b.WriteByte('\n')
	case l.Noise:
		r.mark("span", ClassNoise, l.HTML)
	default:
		r.mark("ins", class, l.HTML)
	}
}

// mark writes html wrapped in an element of the given class.
func (r *renderer) mark(tag, class, html string) {
	fmt.Fprintf(r.b, "<%s class=%q>%s</%s>\n", tag, class, html, tag)
}

// watchedText joins the HTML of the watched text lines of ls.
func watchedText(ls []Line) string {
	var parts []string
	for _, l := range ls {
		if l.Kind == TextLine && l.watched() {
			parts = append(parts, l.HTML)
		}
	}
	return strings.Join(parts, " ")
}

// sanitizer returns the diff view's policy: bluemonday's user-content
// policy plus the diff classes on ins, del, span and p.
func sanitizer() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowElements("ins", "del", "span", "p")
	p.AllowAttrs("class").Matching(diffClass).OnElements("ins", "del", "span", "p")
	p.RequireNoReferrerOnLinks(true)
	return p
}

// diffClass matches the classes the diff view uses.
var diffClass = regexp.MustCompile(`^vigil-(added|updated|deleted|noise|header)$`)
