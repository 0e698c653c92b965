package change

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// invisibleWords says why a change is no visible change: the watched text
// is the same but for markup, scripts and whitespace, or it holds the same
// words in another order or with other punctuation or letter case, which
// VisibleDigest does not count (a swap of two words, of two values in a
// table, a minus sign dropped); and whether the HTML head changed.
func invisibleWords(e Extents, old, new *Document) string {
	what := "only markup, scripts or whitespace differ"
	if old != nil && new != nil && !sameWords(old.Text, new.Text) {
		what = "the same words, links and images, but in another order or with other punctuation or letter case, which vigil does not count"
	}
	if e.HeadUpdated {
		what += "; the HTML header (title, meta) changed"
	}
	return "no visible change: " + what
}

// sameWords reports whether two texts are the same sequence of
// space-separated words.
func sameWords(a, b string) bool { return slices.Equal(strings.Fields(a), strings.Fields(b)) }

// Summarize says a change in words, as the agent does in the Updates
// folder (Glance et al. §3.2): how much of the text changed, how many links
// and images were added or removed, how much the size changed, and whether
// the head changed; for example "about 12% of the text changed, 3 links
// added, 1 image removed, 2.1 KB larger".
func Summarize(e Extents, old, new *Document) string {
	if !e.Any {
		return "no change"
	}
	if !e.Visible {
		return invisibleWords(e, old, new)
	}
	if e.onlyPastCut() {
		return fmt.Sprintf("the page changed, but %s: that part shows no change (%s)", e.comparedWords(new), sizeWords(e.SizeDelta))
	}
	if !e.Measurable {
		return fmt.Sprintf("the %s changed (%s); only a byte-level comparison is possible",
			typeWord(old, new), sizeWords(e.SizeDelta))
	}
	var parts []string
	parts = append(parts, textWords(e.Text))
	parts = appendCount(parts, e.LinksAdded, "link", "added")
	parts = appendCount(parts, e.LinksRemoved, "link", "removed")
	parts = appendCount(parts, e.ImagesAdded, "image", "added")
	parts = appendCount(parts, e.ImagesRemoved, "image", "removed")
	if e.HeadUpdated {
		parts = append(parts, "HTML header updated")
	}
	if e.SizeDelta != 0 {
		parts = append(parts, sizeWords(e.SizeDelta))
	}
	if e.Cut {
		parts = append(parts, e.comparedWords(new))
	}
	return strings.Join(parts, ", ")
}

// textWords says how much of the text changed, rounded to a whole percent.
func textWords(f float64) string {
	switch p := math.Round(f * 100); {
	case f == 0:
		return "the text is unchanged"
	case p < 1:
		return "less than 1% of the text changed"
	default:
		return fmt.Sprintf("about %.0f%% of the text changed", p)
	}
}

// appendCount appends "n things verb" when n > 0.
func appendCount(parts []string, n int, thing, verb string) []string {
	if n == 0 {
		return parts
	}
	if n > 1 {
		thing += "s"
	}
	return append(parts, fmt.Sprintf("%d %s %s", n, thing, verb))
}

// sizeWords says a size change: "2.1 KB larger", "300 bytes smaller".
func sizeWords(delta int) string {
	if delta == 0 {
		return "same size"
	}
	word := "larger"
	if delta < 0 {
		word, delta = "smaller", -delta
	}
	if delta == 1 {
		return "1 byte " + word
	}
	if delta < 1024 {
		return fmt.Sprintf("%d bytes %s", delta, word)
	}
	return fmt.Sprintf("%.1f KB %s", float64(delta)/1024, word)
}

// typeWord names the kind of a non-text document for the summary.
func typeWord(old, new *Document) string {
	t := new.Type
	if new.Measurable() {
		t = old.Type
	}
	switch t {
	case TypePDF:
		return "PDF document"
	case TypeImage:
		return "image"
	}
	return "document"
}

// Since says how many changes there were since a date, and how important
// the most important was, as the Updates folder's note after the history
// link (Glance et al. §3.2: "There have been several changes, some of
// which were important since Apr 13, 2000"). levels are the changes'
// severities (combined rating, else the agent's); since is shown in its
// own location.
func Since(levels []Severity, since time.Time) string {
	date := since.Format("Jan 2, 2006")
	if len(levels) == 0 {
		return "No changes since " + date
	}
	top := Unknown
	for _, l := range levels {
		top = max(top, l)
	}
	if len(levels) == 1 {
		return fmt.Sprintf("There has been one %s change since %s", top, date)
	}
	count := "several"
	if len(levels) == 2 {
		count = "two"
	}
	return fmt.Sprintf("There have been %s changes, some of which were %s since %s", count, top, date)
}
