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
	// MaxBytes bounds the view's HTML before it is sanitised: the
	// sections past it are left out and the view says so (DiffView.Stopped).
	// 0 means DefaultMaxViewBytes.
	MaxBytes int
}

// DefaultMaxViewBytes is the default bound of a diff view's HTML. Each
// change of a 10 MiB court calendar, shown with its context, takes a few
// KiB; the whole calendar (DiffOptions.Context < 0) some 10 MB, of which
// the view shows the first 4 MiB and says so. A page of 10 MiB of random
// bytes, every line of which changes from one version to the next, would
// make some 60 MB of deleted and inserted text, which the sanitiser reads
// and writes again and a JSON answer escapes to several times its size
// (8 such answers at once took vigil serve to 800 MiB).
const DefaultMaxViewBytes = 4 << 20

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
	v.Capped = linesCut(old) || linesCut(new)
	if v.Capped {
		v.Compared = comparedBytes(old, new)
	}
	if old.HeadDigest != new.HeadDigest {
		v.HeadUpdated = true
		fmt.Fprintf(&b, "<p class=%q>%s</p>\n", ClassHeader, HeaderUpdated)
	}
	notes(&b, v, new.Size)
	r := viewRenderer{b: &b, s: s, opts: opts, max: opts.MaxBytes}
	if r.max <= 0 {
		r.max = DefaultMaxViewBytes
	}
	r.words()
	for k, sec := range r.sections() {
		if k > 0 {
			b.WriteString("<p class=\"vigil-gap\">⋯</p>\n")
		}
		if r.section(sec[0], sec[1]); r.stopped {
			v.Stopped = true
			fmt.Fprintf(&b, "<p class=\"vigil-note\">This view stops here, after %s of it: the changes past this point are not shown (the page's change is measured whole).</p>\n",
				megabytes(b.Len()))
			break
		}
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
	// max bounds the view's HTML; stopped is set once it is reached.
	max     int
	stopped bool
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
		if w, ok := diffWords(r.s.bare(&o).Text, r.s.bare(&r.s.ops[o.pair]).Text, ClassUpdated); ok {
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
		if next.kind == opSame && r.s.bare(next).Kind == TextLine {
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
		if r.b.Len() >= r.max {
			r.stopped = true
			break
		}
		o := &r.s.ops[k]
		if anchors && o.change > 0 {
			r.anchor(&f, o.change)
		}
		l := r.s.line(o)
		switch {
		case o.kind == opSame:
			r.line(&f, &l)
		case o.kind == side:
			r.changed(&f, k, o, &l)
		case inline && o.kind == opDel && l.Kind == TextLine && l.watched():
			if _, paired := r.byDel[k]; !paired {
				r.mark("del", o.class, l.HTML)
			}
		}
	}
	f.end()
}

// changed writes a deleted or inserted step, whose line is l, on its own
// side.
func (r *viewRenderer) changed(f *fragment, k int, o *op, l *Line) {
	tag := map[opKind]string{opDel: "del", opIns: "ins"}[o.kind]
	switch {
	case l.Kind != TextLine:
		if o.kind == opIns || r.opts.SideBySide {
			f.tag(l)
		}
	case !l.watched():
		if !l.Ignored {
			r.mark("span", ClassNoise, l.HTML)
		} else {
			r.b.WriteString(l.HTML)
		}
	default:
		r.b.WriteString(r.wordsOr(k, o, l.HTML, tag))
	}
}

// wordsOr returns a changed watched line, whose HTML is html, as HTML:
// its word diff when it has one, else the whole line marked.
func (r *viewRenderer) wordsOr(k int, o *op, html, tag string) string {
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
	return fmt.Sprintf("<%s class=%q>%s</%s>", tag, o.class, html, tag)
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
	for k := range r.s.ops {
		o := &r.s.ops[k]
		if l := r.s.bare(o); o.kind == opSame || l.Kind != TextLine || l.watched() {
			continue
		}
		l := r.s.line(o)
		if listed++; listed > maxNoiseListed {
			fmt.Fprintf(r.b, "<li>and %d more</li>", r.s.noise-maxNoiseListed)
			break
		}
		tag := map[opKind]string{opDel: "del", opIns: "ins"}[o.kind]
		fmt.Fprintf(r.b, "<li><%s class=%q>%s</%s></li>", tag, ClassNoise, l.HTML, tag)
	}
	r.b.WriteString("</ul></details>\n")
}
