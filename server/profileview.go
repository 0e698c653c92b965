package server

import "vigil"

// profileView is a channel profile as the API and the feed page show it:
// its single stems in terms and its lexical affinities, the pairs of stems
// found near each other, in affinities, each list heaviest first.
type profileView struct {
	vigil.Profile
	Terms      []vigil.TermWeight `json:"terms"`
	Affinities []vigil.TermWeight `json:"affinities"`
}

// newProfileView splits p's terms into stems and affinities.
func newProfileView(p *vigil.Profile) *profileView {
	if p == nil {
		return nil
	}
	v := &profileView{Profile: *p}
	v.Terms, v.Affinities = vigil.SplitTerms(p.Terms)
	return v
}
