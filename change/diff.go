package change

import (
	"regexp"

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
	// Changes is the number of changes, each with an anchor (AnchorID).
	Changes int
	// Noise counts the changed lines that are ignored or learned noise,
	// listed apart.
	Noise int
	// Coarse is set when the line match reached its bounds, so runs of
	// lines may be marked as replaced where a finer match keeps some.
	Coarse bool
	// Capped is set when a version holds more than Extract keeps: changes
	// past that point are not shown, and the view says how much was
	// compared.
	Capped bool
	// Compared is, when Capped, how many bytes of the page the view
	// covers (0 when not known).
	Compared int
}

// Diff renders new with its changes from old marked inline. Like Glance et
// al. (§3.2), it compares the pages with tags and text on separate lines
// (Document.Lines) by a longest common subsequence; a run of changed
// lines is an addition, a deletion, or an update when it both removes and
// adds text. Scripts and styles are never shown (Extract drops them) and
// the result is sanitised (bluemonday's user-content policy). Documents
// that are not HTML or text get a one-line note instead.
func Diff(old, new *Document) DiffView {
	return DiffWith(old, new, DiffOptions{Context: -1})
}

// sanitizer returns the diff view's policy: bluemonday's user-content
// policy plus the diff classes on ins, del, span and p.
func sanitizer() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowElements("ins", "del", "span", "p", "div", "details", "summary")
	p.AllowAttrs("class").Matching(diffClass).OnElements("ins", "del", "span", "p", "div", "a", "details")
	p.AllowAttrs("id").Matching(anchorID).OnElements("a", "span")
	p.RequireNoReferrerOnLinks(true)
	return p
}

// diffClass matches the classes the diff view uses.
var diffClass = regexp.MustCompile(`^vigil-(added|updated|deleted|noise|header|note|gap|hunk|sides|old|new|anchor|noise-list)$`)

// anchorID matches the ids of the diff view's anchors (AnchorID).
var anchorID = regexp.MustCompile(`^vigil-change-[0-9]+$`)
