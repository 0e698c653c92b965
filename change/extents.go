package change

import "sort"

// Extents are the agent's measures of one change (Glance et al. §2.2), as
// `vigil page diff --json` prints them. Fractions are in [0, 1]: 0 means
// the same, 1 completely different.
type Extents struct {
	// Any is the byte-level change: the watched bytes differ.
	Any bool `json:"any"`
	// Visible is set when what a reader sees changed: the watched text,
	// links or images (SameVisible). A change that is Any but not Visible
	// is markup, scripts or whitespace only, and is never told.
	Visible bool `json:"visible"`
	// Return, when not 0, says the new version shows what the version
	// that many distinct states back showed (2: the state before the
	// previous one): the page went back, it did not bring anything new.
	// Compare leaves it 0; the monitor sets it from the page's memory of
	// recent states (Recent).
	Return int `json:"return,omitempty"`
	// Text is the change of the inverted index of the text (tags removed).
	Text float64 `json:"text"`
	// Tokens is Glance et al.'s diff over the most frequent tokens.
	Tokens float64 `json:"tokens"`
	// Phrases is the same diff over the most frequent phrases.
	Phrases float64 `json:"phrases"`
	// Links is the share of links added or removed.
	Links float64 `json:"links"`
	// Images is the share of images added or removed.
	Images float64 `json:"images"`
	// LinksAdded counts links in the new version only.
	LinksAdded int `json:"links_added"`
	// LinksRemoved counts links in the old version only.
	LinksRemoved int `json:"links_removed"`
	// ImagesAdded counts images in the new version only.
	ImagesAdded int `json:"images_added"`
	// ImagesRemoved counts images in the old version only.
	ImagesRemoved int `json:"images_removed"`
	// Severity is the agent's word for the largest monitored extent.
	Severity Severity `json:"severity"`
	// Summary says the change in words (Glance et al. §3.2).
	Summary string `json:"summary"`
	// HeadUpdated is set when the HTML head (title, meta) changed.
	HeadUpdated bool `json:"-"`
	// SizeDelta is the new size minus the old, in bytes.
	SizeDelta int `json:"-"`
	// Measurable is false when a version is not HTML or text, so only Any
	// means something.
	Measurable bool `json:"-"`
	// Cut is set when a version holds more than Extract keeps of a page
	// (Document.Capped): the extents cover the first Compared bytes only,
	// and a change of the bytes with none there is still Visible, since
	// what changed past them cannot be told (see cut.go).
	Cut bool `json:"cut,omitempty"`
	// Compared is, when Cut, how many bytes of the page were compared (0
	// when not known).
	Compared int `json:"compared,omitempty"`
}

// Kinds are the kinds of change a page is monitored for; the first follower
// chooses them (Glance et al. §3.1.2 limit the choice to text, links and
// images).
type Kinds struct {
	Text, Links, Images bool
}

// AllKinds returns Kinds with text, links and images monitored.
func AllKinds() Kinds {
	return Kinds{Text: true, Links: true, Images: true}
}

// CompareOptions tunes Compare; the zero value means the defaults.
type CompareOptions struct {
	// TopTerms is how many of the most frequent tokens (phrases) of each
	// version enter the diff formula; the union of both versions' top
	// lists is compared. Glance et al. do not say how many; 0 means
	// DefaultTopTerms. A negative value compares every term.
	TopTerms int
	// Bands maps fractions to severity words; zero means DefaultBands.
	Bands Bands
	// Kinds are the monitored kinds whose largest extent sets the
	// severity; zero means AllKinds.
	Kinds Kinds
	// Opaque is the severity given to a byte-level change of a document
	// that is not HTML or text, which has no extent (Glance et al. measure
	// HTML only); zero means Significant, so such a change is neither
	// hidden nor overstated.
	Opaque Severity
	// MinItems is the least number of links (images) added or removed on
	// one side for the links (images) extent alone to make a change
	// important (see capFewItems); 0 means DefaultMinItems, 1 applies
	// Glance et al.'s bands to every extent as they are.
	MinItems int
}

// DefaultTopTerms is the number of most frequent terms per version that the
// tokens and phrases diffs compare by default: enough to cover a page's
// vocabulary of content words while leaving out the long tail of words
// seen once, whose churn (a typo) the text extent already reports.
const DefaultTopTerms = 100

// withDefaults fills the zero fields of o.
func (o CompareOptions) withDefaults() CompareOptions {
	if o.TopTerms == 0 {
		o.TopTerms = DefaultTopTerms
	}
	if o.Bands == (Bands{}) {
		o.Bands = DefaultBands()
	}
	if o.Kinds == (Kinds{}) {
		o.Kinds = AllKinds()
	}
	if o.Opaque == Unknown {
		o.Opaque = Significant
	}
	if o.MinItems == 0 {
		o.MinItems = DefaultMinItems
	}
	return o
}

// Compare measures the change from old to new with the default options.
func Compare(old, new *Document) Extents {
	return CompareWith(old, new, CompareOptions{})
}

// CompareWith measures the change from old to new.
func CompareWith(old, new *Document, o CompareOptions) Extents {
	o = o.withDefaults()
	e := Extents{
		Any:        old.Digest != new.Digest,
		SizeDelta:  new.Size - old.Size,
		Measurable: old.Measurable() && new.Measurable(),
	}
	e.Visible = e.Any && !SameVisible(old, new)
	e.markCut(old, new)
	if e.Measurable {
		e.HeadUpdated = old.HeadDigest != new.HeadDigest
		e.Text = IndexChange(old.Words, new.Words)
		e.Tokens = TermDiff(old.Tokens, new.Tokens, o.TopTerms)
		e.Phrases = TermDiff(old.Phrases, new.Phrases, o.TopTerms)
		e.Links, e.LinksAdded, e.LinksRemoved = SetChange(old.Links, new.Links)
		e.Images, e.ImagesAdded, e.ImagesRemoved = SetChange(old.Images, new.Images)
	}
	e.Severity = severity(e, o)
	e.Summary = Summarize(e, old, new)
	return e
}

// severity is the agent's word for e: negligible when nothing visible
// changed, the opaque severity for a changed non-text document, else the
// band of the largest monitored extent (see capped).
func severity(e Extents, o CompareOptions) Severity {
	if !e.Any || !e.Visible {
		return Negligible
	}
	if !e.Measurable || e.onlyPastCut() {
		return o.Opaque
	}
	return capFewItems(e, o, o.Bands.Of(e.Largest(o.Kinds)))
}

// Largest returns the largest extent among the monitored kinds.
func (e Extents) Largest(k Kinds) float64 {
	m := 0.0
	if k.Text {
		m = max(m, e.Text)
	}
	if k.Links {
		m = max(m, e.Links)
	}
	if k.Images {
		m = max(m, e.Images)
	}
	return m
}

// TermDiff is Glance et al.'s token (noun phrase) change (§2.2):
//
//	diff = Σ |n² − n'²| / Σ (n + n')²
//
// over the terms among the top most frequent of either version, n and n'
// their old and new counts; 0 is no difference, 1 completely different.
// top < 0 compares every term. Ties in frequency are broken by the term,
// so the result is deterministic.
func TermDiff(old, new map[string]int, top int) float64 {
	var num, den float64
	for t := range topUnion(old, new, top) {
		n, n2 := float64(old[t]), float64(new[t])
		num += abs(n*n - n2*n2)
		den += (n + n2) * (n + n2)
	}
	if den == 0 {
		return 0
	}
	return num / den
}

// topUnion returns the union of the top most frequent terms of a and b.
func topUnion(a, b map[string]int, top int) map[string]bool {
	u := make(map[string]bool, 2*max(top, 0))
	for _, m := range []map[string]int{a, b} {
		for _, t := range mostFrequent(m, top) {
			u[t] = true
		}
	}
	return u
}

// mostFrequent returns the top terms of m by count, ties at the cut broken
// by the term; all of them when top < 0 or m has no more than top. It runs
// in linear time: a histogram of counts finds the cut.
func mostFrequent(m map[string]int, top int) []string {
	out := make([]string, 0, min(len(m), max(top, 0)))
	if top < 0 || len(m) <= top {
		for t := range m {
			out = append(out, t)
		}
		return out
	}
	cut := cutCount(m, top)
	var ties []string
	for t, n := range m {
		switch {
		case n > cut:
			out = append(out, t)
		case n == cut:
			ties = append(ties, t)
		}
	}
	sort.Strings(ties)
	return append(out, ties[:top-len(out)]...)
}

// cutCount returns the count of the top-th most frequent term of m
// (1 ≤ top < len(m)).
func cutCount(m map[string]int, top int) int {
	hist := map[int]int{}
	for _, n := range m {
		hist[n]++
	}
	counts := make([]int, 0, len(hist))
	for n := range hist {
		counts = append(counts, n)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(counts)))
	seen := 0
	for _, n := range counts {
		seen += hist[n]
		if seen >= top {
			return n
		}
	}
	return 0
}

// IndexChange is the percent change of an inverted index (Glance et al.
// §2.2 "text change"), as a fraction: the occurrences gained or lost over
// the occurrences of either version,
//
//	Σ_w |n_w − n'_w| / Σ_w max(n_w, n'_w)
//
// Glance et al. do not give the formula; this one is 0 for the same text,
// 1 for texts without a common word, and ignores word order.
func IndexChange(old, new map[string]int) float64 {
	var changed, total int
	for w, n := range old {
		n2 := new[w]
		changed += absInt(n - n2)
		total += max(n, n2)
	}
	for w, n2 := range new {
		if _, ok := old[w]; !ok {
			changed += n2
			total += n2
		}
	}
	if total == 0 {
		return 0
	}
	return float64(changed) / float64(total)
}

// SetChange compares two sorted sets of links (image sources): the share
// of the union that is in one only, and the numbers added and removed.
func SetChange(old, new []string) (fraction float64, added, removed int) {
	i, j, common := 0, 0, 0
	for i < len(old) && j < len(new) {
		switch {
		case old[i] == new[j]:
			common++
			i++
			j++
		case old[i] < new[j]:
			i++
		default:
			j++
		}
	}
	added, removed = len(new)-common, len(old)-common
	union := common + added + removed
	if union == 0 {
		return 0, 0, 0
	}
	return float64(added+removed) / float64(union), added, removed
}

// abs returns |x|.
func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// absInt returns |x|.
func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
