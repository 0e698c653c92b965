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
	change  *store.NewChange
	title   string
	note    string
}

// measure extracts a fetched body (change.Extract) and measures the change
// from the previous version (old, its extract, when known) (change.CompareWith, over the kinds the page's
// owner chose). A body that is not HTML or text is compared byte for byte
// only, and the note says so; a selector that matches nothing or is
// invalid leaves the whole page watched at the byte level, and the note
// says what was wrong.
func measure(prev *vigil.PageVersion, old *change.Document, body []byte, contentType, base string, p *vigil.Page) measured {
	var mv measured
	doc, err := change.Extract(body, contentType, extractOptions(p, base))
	if err != nil {
		mv.note = selectorNote(p.Selector, err)
		doc, err = change.Extract(body, contentType, change.ExtractOptions{Base: base})
		if err != nil {
			mv.note = "the page could not be read: " + err.Error()
			return mv
		}
	} else if !doc.Measurable() {
		mv.note = fmt.Sprintf("not HTML or text (%s): only byte-level changes are reported", doc.ContentType)
	}
	mv.title, mv.doc = doc.Title, doc
	mv.extract, _ = json.Marshal(doc) // a Document is plain data: it always encodes
	if prev == nil {
		return mv
	}
	if old == nil {
		old = previousDocument(prev, p.Selector, p.Ignore, base)
	}
	mv.old = old
	e := change.CompareWith(old, doc, change.CompareOptions{Kinds: kindsOf(p.Kinds)})
	if !e.Any {
		return mv // other bytes, but the watched region is the same: no change
	}
	ext, _ := json.Marshal(e)
	mv.change = &store.NewChange{PrevID: prev.ID, Extents: ext, Severity: e.Severity.String(), Summary: e.Summary}
	return mv
}

// selectorNote says why the page's selector or ignore rules could not be
// used.
func selectorNote(selector string, err error) string {
	if errors.Is(err, change.ErrNoMatch) {
		return fmt.Sprintf("the selector %q matches nothing on the page; the whole page is watched byte for byte", selector)
	}
	return fmt.Sprintf("the page's selector or ignore rules cannot be used (%s); the whole page is watched", strings.TrimPrefix(err.Error(), "change: "))
}

// extractOptions are the page's own: its selector, ignore rules and the
// blocks learned to be noise.
func extractOptions(p *vigil.Page, base string) change.ExtractOptions {
	return change.ExtractOptions{Selector: p.Selector, Ignore: p.Ignore, Noise: noiseStats(p).Blocks(change.NoiseOptions{}), Base: base}
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

// previousDocument is the previous version's stored extract, or the version
// extracted again when the stored one cannot be read.
func previousDocument(prev *vigil.PageVersion, selector string, ignore []string, base string) *change.Document {
	var d change.Document
	if err := json.Unmarshal(prev.Extract, &d); err == nil && d.Digest != "" {
		return &d
	}
	old, err := change.Extract(prev.Body, prev.ContentType, change.ExtractOptions{Selector: selector, Ignore: ignore, Base: base})
	if err != nil {
		old, _ = change.Extract(prev.Body, prev.ContentType, change.ExtractOptions{Base: base})
	}
	if old == nil {
		old = &change.Document{Type: change.TypeOther, Size: len(prev.Body), Digest: prev.Hash}
	}
	return old
}

// kindsOf turns the stored kinds into change.Kinds; none means all.
func kindsOf(kinds []string) change.Kinds {
	k := change.Kinds{Text: slices.Contains(kinds, "text"), Links: slices.Contains(kinds, "links"), Images: slices.Contains(kinds, "images")}
	if k == (change.Kinds{}) {
		return change.AllKinds()
	}
	return k
}
