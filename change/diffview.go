package change

import (
	"fmt"
	"slices"
	"strings"
)

// DefaultContext is how many unchanged text lines a diff view shows
// around each change unless told otherwise.
const DefaultContext = 3

// maxNoiseListed bounds the changed noise lines a diff view lists.
const maxNoiseListed = 200

// DiffOptions says how a diff view is laid out.
type DiffOptions struct {
	// Context is how many unchanged text lines are shown before and after
	// each change; a negative Context shows the whole page.
	Context int
	// SideBySide shows the old version beside the new one (two columns),
	// rather than the new version with the old text inline.
	SideBySide bool
	// Words marks the changed words of an updated line, rather than the
	// whole old and new lines, when as many lines were removed as added.
	Words bool
}

// AnchorID is the id of the anchor of change n (from 1) in a diff view;
// each change's anchor links to the next one's.
func AnchorID(n int) string {
	return fmt.Sprintf("vigil-change-%d", n)
}

// DiffWith renders the change from old to new as opts says. Like Diff,
// it marks added, updated and deleted text (Glance et al. §3.2), shows
// links and images as the page has them, never the page's scripts, and
// is sanitised. Each change starts with an anchor (AnchorID) linking to
// the next change; changes of ignored or learned-noise lines are listed
// apart, under a collapsible summary; a view made coarse by the bounds of
// the line match, or of a page longer than Extract keeps, says so.
func DiffWith(old, new *Document, opts DiffOptions) DiffView {
	var b strings.Builder
	if !old.Measurable() || !new.Measurable() {
		fmt.Fprintf(&b, "<p class=%q>The %s changed; it cannot be shown as a page.</p>", ClassHeader, typeWord(old, new))
		return DiffView{HTML: b.String()}
	}
	s := newScript(old, new)
	v := s.view
	v.Changes, v.Noise, v.Coarse = s.changes, s.noise, s.coarse
	v.Capped = old.Capped || new.Capped
	v.Compared = comparedBytes(old, new)
	if old.HeadDigest != new.HeadDigest {
		v.HeadUpdated = true
		fmt.Fprintf(&b, "<p class=%q>%s</p>\n", ClassHeader, HeaderUpdated)
	}
	notes(&b, v, new.Size)
	r := viewRenderer{b: &b, s: s, opts: opts}
	r.words()
	for k, sec := range r.sections() {
		if k > 0 {
			b.WriteString("<p class=\"vigil-gap\">⋯</p>\n")
		}
		r.section(sec[0], sec[1])
	}
	if s.changes == 0 && opts.Context >= 0 {
		b.WriteString("<p class=\"vigil-note\">No change of the watched text.</p>\n")
	}
	r.noiseList()
	v.HTML = sanitizer().Sanitize(b.String())
	return v
}

// notes says when the view is coarser than the pages; size is the new
// version's.
func notes(b *strings.Builder, v DiffView, size int) {
	if v.Coarse {
		b.WriteString("<p class=\"vigil-note\">The versions differ too much to be matched line by line within vigil's bounds: " +
			"this view is coarser, and marks whole runs of lines as replaced where some of them may be unchanged.</p>\n")
	}
	if v.Capped {
		e := Extents{Compared: v.Compared}
		fmt.Fprintf(b, "<p class=\"vigil-note\">This page holds more than vigil keeps of it: %s. "+
			"Changes past that point are not shown here; a change of the page's bytes there is still reported.</p>\n",
			e.comparedWords(&Document{Size: size}))
	}
}

// viewRenderer writes the sections of a diff view.
type viewRenderer struct {
	b    *strings.Builder
	s    *script
	opts DiffOptions
	// byIns holds the word diffs of updated line pairs, by the index of
	// the inserted line's step; byDel points a deleted line's step to it.
	byIns map[int]wordDiff
	byDel map[int]int
}

// words compares the paired lines of updated runs word by word.
func (r *viewRenderer) words() {
	if !r.opts.Words {
		return
	}
	r.byIns, r.byDel = map[int]wordDiff{}, map[int]int{}
	for k, o := range r.s.ops {
		if o.pair < 0 || o.class != ClassUpdated {
			continue
		}
		if w, ok := diffWords(o.line.Text, r.s.ops[o.pair].line.Text, ClassUpdated); ok {
			r.byIns[o.pair], r.byDel[k] = w, o.pair
		}
	}
}

// sections returns the ranges of steps shown: the whole script, or each
// change with Context text lines around it, overlapping ones merged.
func (r *viewRenderer) sections() [][2]int {
	ops := r.s.ops
	if r.opts.Context < 0 {
		return [][2]int{{0, len(ops)}}
	}
	var out [][2]int
	for k := 0; k < len(ops); k++ {
		if ops[k].change == 0 {
			continue
		}
		end := k + 1
		for end < len(ops) && ops[end].kind != opSame {
			end++
		}
		lo, hi := r.widen(k, -1), r.widen(end-1, 1)+1
		if n := len(out); n > 0 && lo <= out[n-1][1] {
			out[n-1][1] = hi
		} else {
			out = append(out, [2]int{lo, hi})
		}
		k = end - 1
	}
	return out
}

// widen returns the step Context unchanged text lines away from k in
// direction dir (-1 before, 1 after), or the script's first or last step.
func (r *viewRenderer) widen(k, dir int) int {
	ops, seen := r.s.ops, 0
	for k+dir >= 0 && k+dir < len(ops) {
		next := &ops[k+dir]
		if next.kind == opSame && next.line.Kind == TextLine {
			if seen == r.opts.Context {
				break
			}
			seen++
		}
		k += dir
	}
	return k
}

// section writes the steps from lo to hi, inline or side by side.
func (r *viewRenderer) section(lo, hi int) {
	if !r.opts.SideBySide {
		r.b.WriteString("<div class=\"vigil-hunk\">")
		r.column(lo, hi, opIns, true)
		r.b.WriteString("</div>\n")
		return
	}
	r.b.WriteString("<div class=\"vigil-sides\"><div class=\"vigil-old\">")
	r.column(lo, hi, opDel, false)
	r.b.WriteString("</div><div class=\"vigil-new\">")
	r.column(lo, hi, opIns, true)
	r.b.WriteString("</div></div>\n")
}

// column writes the steps from lo to hi as one balanced fragment: the
// lines kept and those of kind side (the old version's deleted lines, or
// the new one's inserted lines); inline, the deleted text too, with the
// anchors when anchors is set.
func (r *viewRenderer) column(lo, hi int, side opKind, anchors bool) {
	f := fragment{b: r.b}
	inline := !r.opts.SideBySide
	for k := lo; k < hi; k++ {
		o := &r.s.ops[k]
		if anchors && o.change > 0 {
			r.anchor(&f, o.change)
		}
		switch {
		case o.kind == opSame:
			r.line(&f, o.line)
		case o.kind == side:
			r.changed(&f, k, o)
		case inline && o.kind == opDel && o.line.Kind == TextLine && o.line.watched():
			if _, paired := r.byDel[k]; !paired {
				r.mark("del", o.class, o.line.HTML)
			}
		}
	}
	f.end()
}

// changed writes a deleted or inserted step on its own side.
func (r *viewRenderer) changed(f *fragment, k int, o *op) {
	tag := map[opKind]string{opDel: "del", opIns: "ins"}[o.kind]
	switch {
	case o.line.Kind != TextLine:
		if o.kind == opIns || r.opts.SideBySide {
			f.tag(o.line)
		}
	case !o.line.watched():
		if !o.line.Ignored {
			r.mark("span", ClassNoise, o.line.HTML)
		} else {
			r.b.WriteString(o.line.HTML)
		}
	default:
		r.b.WriteString(r.wordsOr(k, o, tag))
	}
}

// wordsOr returns a changed watched line as HTML: its word diff when it
// has one, else the whole line marked.
func (r *viewRenderer) wordsOr(k int, o *op, tag string) string {
	if o.kind == opIns {
		if w, ok := r.byIns[k]; ok {
			if r.opts.SideBySide {
				return w.new
			}
			return w.inline
		}
	} else if ins, ok := r.byDel[k]; ok {
		return r.byIns[ins].old
	}
	return fmt.Sprintf("<%s class=%q>%s</%s>", tag, o.class, o.line.HTML, tag)
}

// line writes an unchanged line.
func (r *viewRenderer) line(f *fragment, l *Line) {
	if l.Kind != TextLine {
		f.tag(l)
		return
	}
	r.b.WriteString(l.HTML)
	r.b.WriteByte('\n')
}

// anchor writes change n's anchor, a link to the next change (the last
// links back to the first); inside a link of the page, where a link may
// not nest, it is a mark without the link.
func (r *viewRenderer) anchor(f *fragment, n int) {
	if slices.Contains(f.open, "a") {
		fmt.Fprintf(r.b, "<span id=%q class=\"vigil-anchor\">%d/%d</span>", AnchorID(n), n, r.s.changes)
		return
	}
	next := n + 1
	if next > r.s.changes {
		next = 1
	}
	fmt.Fprintf(r.b, "<a id=%q class=\"vigil-anchor\" href=\"#%s\" title=\"change %d of %d: go to the next\">%d/%d ↓</a>",
		AnchorID(n), AnchorID(next), n, r.s.changes, n, r.s.changes)
}

// mark writes html wrapped in an element of the given class.
func (r *viewRenderer) mark(tag, class, html string) {
	fmt.Fprintf(r.b, "<%s class=%q>%s</%s>\n", tag, class, html, tag)
}

// noiseList writes the changed lines that are ignored or learned noise,
// apart and collapsed.
func (r *viewRenderer) noiseList() {
	if r.s.noise == 0 {
		return
	}
	fmt.Fprintf(r.b, "<details class=\"vigil-noise-list\"><summary>%d changed line(s) of noise (ignore rules, learned noise), not counted</summary><ul>", r.s.noise)
	listed := 0
	for _, o := range r.s.ops {
		if o.kind == opSame || o.line.Kind != TextLine || o.line.watched() {
			continue
		}
		if listed++; listed > maxNoiseListed {
			fmt.Fprintf(r.b, "<li>and %d more</li>", r.s.noise-maxNoiseListed)
			break
		}
		tag := map[opKind]string{opDel: "del", opIns: "ins"}[o.kind]
		fmt.Fprintf(r.b, "<li><%s class=%q>%s</%s></li>", tag, ClassNoise, o.line.HTML, tag)
	}
	r.b.WriteString("</ul></details>\n")
}
