package reading

import "vigil"

// ProfileView is a channel profile as the API and the feed page show it:
// its single stems in terms and its lexical affinities, the pairs of stems
// found near each other, in affinities, each list heaviest first.
type ProfileView struct {
	vigil.Profile
	Terms      []vigil.TermWeight `json:"terms"`
	Affinities []vigil.TermWeight `json:"affinities"`
}

// NewProfileView splits p's terms into stems and affinities.
func NewProfileView(p *vigil.Profile) *ProfileView {
	if p == nil {
		return nil
	}
	v := &ProfileView{Profile: *p}
	v.Terms, v.Affinities = vigil.SplitTerms(p.Terms)
	return v
}
