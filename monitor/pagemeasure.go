package monitor

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"vigil"
	"vigil/change"
	"vigil/store"
)

// measured is what a new version of a page yields: its extract, the change
// from the previous version, the page's title and what could not be done.
type measured struct {
	extract json.RawMessage
	doc     *change.Document // the extract, nil when the body could not be read
	old     *change.Document // the previous version's, when there is one
	ext     *change.Extents  // the change from the previous version, nil when none
	prevID  int64
	// withheld are the followers whose conditions the change does not meet.
	withheld []int64
	title    string
	note     string
}

// measure extracts a fetched body (change.Extract) and measures the change
// from the previous version (old, its extract, when known) (change.CompareWith, over the kinds the page's
// owner chose). A body that is not HTML or text is compared byte for byte
// only, and the note says so; a selector that matches nothing or an option
// that cannot be used is left out (the rest still applies) and the note
// says what was wrong. The previous version is read with the same options
// as the new one: an extract made under other settings (the owner changed
// the selector or the ignore rules, a block became noise) is made again.
func measure(prev *previous, body []byte, contentType, base string, p *vigil.Page) (measured, error) {
	var mv measured
	doc, opts, note, err := extractWatched(body, contentType, extractOptions(p, base))
	if errors.Is(err, change.ErrQueryMisfit) {
		mv.note = misfitNote(err)
		return mv, nil
	}
	if err != nil {
		mv.note = "the page could not be read: " + err.Error()
		return mv, nil
	}
	mv.note = note
	if note == "" && !doc.Measurable() {
		mv.note = fmt.Sprintf("not HTML or text (%s): only byte-level changes are reported", doc.ContentType)
	}
	mv.title, mv.doc = doc.Title, doc
	mv.extract, _ = json.Marshal(doc) // a Document is plain data: it always encodes
	if prev == nil {
		return mv, nil
	}
	old, err := prev.document(doc.Watch.Key(), opts)
	if err != nil {
		return mv, err
	}
	mv.old = old
	e := change.CompareWith(old, doc, change.CompareOptions{Kinds: kindsOf(p.Kinds)})
	if !e.Any || !e.Visible {
		return mv, nil // other bytes, but nothing a reader sees of the watched region differs: no change
	}
	mv.ext, mv.prevID = &e, prev.id
	return mv, nil
}

// previous is the latest stored version a new one is measured against:
// its ID, its extract when the monitor has it cached, how to read its
// stored extract alone and how to read the version whole (its body and
// stored extract), so a fetch whose previous extract is cached reads
// neither, and one whose stored extract serves never reads the previous
// body.
type previous struct {
	id          int64
	doc         *change.Document
	loadExtract func() (*vigil.PageVersion, error)
	load        func() (*vigil.PageVersion, error)
}

// document returns the previous version's extract made with opts (whose
// Watch key is key): the cached one, else the stored one when it was made
// so, else the version extracted again from its body, read only then.
func (p *previous) document(key string, opts change.ExtractOptions) (*change.Document, error) {
	if p.doc != nil && p.doc.Watch.Key() == key {
		return p.doc, nil
	}
	v, err := p.loadExtract()
	if err != nil {
		return nil, err
	}
	if d := storedDocument(v.Extract, opts); d != nil {
		return d, nil
	}
	whole, err := p.load()
	if err != nil {
		return nil, err
	}
	return previousDocument(whole, opts), nil
}

// newChange is the change to store, nil when there is none.
func (mv measured) newChange() *store.NewChange {
	if mv.ext == nil {
		return nil
	}
	ext, _ := json.Marshal(mv.ext) // Extents are plain data: they always encode
	return &store.NewChange{PrevID: mv.prevID, Extents: ext, Severity: mv.ext.Severity.String(), Summary: mv.ext.Summary, Withheld: mv.withheld}
}

// remember tells a change that shows one of the page's recent states
// again as a return (Extents.MarkReturn) and records the version's state
// in the page's memory.
func (mv measured) remember(r *change.Recent, returns int) {
	if mv.doc == nil {
		return
	}
	key := mv.doc.Watch.Key()
	if mv.ext != nil {
		mv.ext.MarkReturn(r.Back(mv.doc.Visible, key, returns))
	}
	r.Push(mv.doc.Visible, key, returns)
}

// extractWatched extracts the body with the page's options; when they
// cannot be used it leaves out the region (selector, XPath and jq
// program), then the ignore rules, then both, so what still can be used
// still applies. It returns the options used and, when some were left
// out, a note saying why. A query that cannot read this kind of document
// at all (change.ErrQueryMisfit: a jq program on a body that is not JSON,
// a selector or XPath on one that is) is never left out: its error is
// returned, so the page is not compared rather than compared whole.
func extractWatched(body []byte, contentType string, opts change.ExtractOptions) (*change.Document, change.ExtractOptions, string, error) {
	doc, err := change.Extract(body, contentType, opts)
	if err == nil {
		return doc, opts, "", nil
	}
	if errors.Is(err, change.ErrQueryMisfit) {
		return nil, opts, "", err
	}
	note := selectorNote(opts, err)
	noSelector, noIgnore, neither := opts, opts, opts
	noSelector.Selector, noSelector.XPath, noSelector.JQ = "", "", ""
	noIgnore.Ignore = nil
	neither.Selector, neither.XPath, neither.JQ, neither.Ignore = "", "", "", nil
	for _, o := range []change.ExtractOptions{noSelector, noIgnore, neither} {
		if doc, err = change.Extract(body, contentType, o); err == nil {
			return doc, o, note, nil
		}
	}
	return nil, opts, note, err
}

// selectorNote says why the page's selector, XPath, jq program or ignore
// rules could not be used.
func selectorNote(opts change.ExtractOptions, err error) string {
	if errors.Is(err, change.ErrNoMatch) && opts.XPath == "" {
		return fmt.Sprintf("the selector %q matches nothing on the page; the whole page is watched", opts.Selector)
	}
	if errors.Is(err, change.ErrNoMatch) {
		return fmt.Sprintf("the selector or XPath matches nothing on the page (%s); the whole page is watched", strings.TrimPrefix(err.Error(), change.ErrNoMatch.Error()+" "))
	}
	return fmt.Sprintf("the page's selector, XPath, jq program or ignore rules cannot be used (%s); the whole page is watched", strings.TrimPrefix(err.Error(), "change: "))
}

// misfitNote says why a page whose query cannot read it was not
// compared.
func misfitNote(err error) string {
	return fmt.Sprintf("the page was not compared: %s; change its selector, XPath or jq program to watch it", strings.TrimPrefix(err.Error(), "change: "))
}

// extractOptions are the page's own: its selector, XPath, jq program and
// ignore rules, the noise learned (as last recorded, less what the owner
// undid) and the fixed rule leaving well-known trackers out of links.
func extractOptions(p *vigil.Page, base string) change.ExtractOptions {
	s := noiseStats(p)
	o := change.ExtractOptions{Selector: p.Selector, XPath: p.XPath, JQ: p.JQ, Ignore: p.Ignore, Trackers: true, Base: base}
	return s.Leave(s.Recorded(change.NoiseOptions{Forgotten: p.NoiseForgotten})).Apply(o)
}

// noiseOptions are the rules noise is learned by for a page: the defaults,
// what its owner undid, and no numbers when a follower's condition reads
// one (a learned counter must never hide the number a condition watches).
func noiseOptions(p *vigil.Page, conds map[int64][]vigil.Condition) change.NoiseOptions {
	return change.NoiseOptions{Forgotten: p.NoiseForgotten, KeepNumbers: readsNumber(conds)}
}

// readsNumber reports whether one of the conditions reads a number.
func readsNumber(conds map[int64][]vigil.Condition) bool {
	for _, cs := range conds {
		for _, c := range cs {
			if c.Kind == change.Above || c.Kind == change.Below || c.Kind == change.ChangesBy {
				return true
			}
		}
	}
	return false
}

// noiseStats decodes the page's noise statistics (empty when none or
// unreadable: they are relearned).
func noiseStats(p *vigil.Page) *change.NoiseStats {
	var s change.NoiseStats
	if len(p.Noise) > 0 && json.Unmarshal(p.Noise, &s) != nil {
		return &change.NoiseStats{}
	}
	return &s
}

// previousDocument is the previous version's stored extract when it was
// made with opts, or the version extracted again with them (with none when
// they cannot be used on it).
func previousDocument(prev *vigil.PageVersion, opts change.ExtractOptions) *change.Document {
	if d := storedDocument(prev.Extract, opts); d != nil {
		return d
	}
	old, err := change.Extract(prev.Body, prev.ContentType, opts)
	if err != nil {
		old, _ = change.Extract(prev.Body, prev.ContentType, change.ExtractOptions{Base: opts.Base})
	}
	if old == nil {
		old = &change.Document{Type: change.TypeOther, Size: len(prev.Body), Digest: prev.Hash}
	}
	return old
}

// storedDocument decodes a stored extract when it was made with opts (and
// by a vigil that fingerprinted what readers see), else returns nil.
func storedDocument(extract []byte, opts change.ExtractOptions) *change.Document {
	var d change.Document
	if err := json.Unmarshal(extract, &d); err == nil && d.Digest != "" && (d.Visible != "" || !d.Measurable()) && d.Watch.Key() == opts.Watch().Key() {
		return &d
	}
	return nil
}

// kindsOf turns the stored kinds into change.Kinds; none means all.
func kindsOf(kinds []string) change.Kinds {
	k := change.Kinds{Text: slices.Contains(kinds, "text"), Links: slices.Contains(kinds, "links"), Images: slices.Contains(kinds, "images")}
	if k == (change.Kinds{}) {
		return change.AllKinds()
	}
	return k
}
