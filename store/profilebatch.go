package store

import (
	"math"
	"unicode/utf8"

	"vigil"
)

// CheckProfileBatch refuses a batch SaveProfiles cannot store: a negative
// watermark or corpus size, a term that is not UTF-8, a channel without a
// feed, or a number that is not finite. A store whose text cannot hold
// every valid UTF-8 string passes storable, which also refuses the terms it
// cannot store; nil refuses none.
func CheckProfileBatch(b ProfileBatch, storable func(string) bool) error {
	if b.Through < 0 || b.Documents < 0 {
		return vigil.Errorf(vigil.EINVALID, "profile batch through item %d with %d documents: neither may be negative",
			b.Through, b.Documents)
	}
	for term := range b.DFDelta {
		if !utf8.ValidString(term) || storable != nil && !storable(term) {
			return vigil.Errorf(vigil.EINVALID, "document frequency change for term %q: the term is not valid UTF-8", term)
		}
	}
	for i, c := range b.Channels {
		p := c.Profile
		if p.FeedID <= 0 {
			return vigil.Errorf(vigil.EINVALID, "channel %d of the profile batch has no feed ID", i)
		}
		if !finite(p.Cohesion, p.CohesionSD, p.NovelRate) {
			return vigil.Errorf(vigil.EINVALID, "profile of feed %d has a cohesion, deviation or novel rate that is not a finite number", p.FeedID)
		}
		for _, t := range p.Terms {
			if !finite(t.Weight) {
				return vigil.Errorf(vigil.EINVALID, "profile of feed %d weighs term %q %v, not a finite number", p.FeedID, t.Term, t.Weight)
			}
		}
	}
	return nil
}

// finite reports whether every one of xs is a finite number.
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// TermsOrEmpty returns terms, or an empty list for nil, as a profile
// stores them.
func TermsOrEmpty(terms []vigil.TermWeight) []vigil.TermWeight {
	if terms == nil {
		return []vigil.TermWeight{}
	}
	return terms
}
