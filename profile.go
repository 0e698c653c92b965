package vigil

import (
	"strings"
	"time"
)

// Profile summarises a channel's recent content (Roitman et al. §4.2): the
// tf-idf weights of its terms over its last k items, how cohesive its content
// is, and how often it publishes something new in content.
type Profile struct {
	FeedID int64 `json:"feed_id"`
	// Terms are the heaviest terms, heaviest first: word stems, and as
	// many lexical affinities at most, written as two stems joined by a
	// space (SplitTerms separates them).
	Terms []TermWeight `json:"terms"`
	// Cohesion is the mean similarity between successive profiles (Roitman
	// et al. Eq. 3, kept online by Eq. 8); CohesionSD its deviation (Eq. 6).
	Cohesion   float64 `json:"cohesion"`
	CohesionSD float64 `json:"cohesion_sd"`
	// Items counts the items folded in since the channel was first seen;
	// Novel those the novelty filter (Eq. 7) kept.
	Items int64 `json:"items"`
	Novel int64 `json:"novel"`
	// NovelRate is the learned rate of novel items per day (Eq. 5 fed with
	// novel items only).
	NovelRate float64   `json:"novel_rate_per_day"`
	Updated   time.Time `json:"updated"`
}

// TermWeight is one term of a profile and its weight.
type TermWeight struct {
	Term   string  `json:"term"`
	Weight float64 `json:"weight"`
}

// SplitTerms separates a profile's terms into single stems and lexical
// affinities (two stems joined by a space), each list keeping its order.
func SplitTerms(terms []TermWeight) (stems, affinities []TermWeight) {
	stems, affinities = []TermWeight{}, []TermWeight{}
	for _, t := range terms {
		if strings.Contains(t.Term, " ") {
			affinities = append(affinities, t)
		} else {
			stems = append(stems, t)
		}
	}
	return stems, affinities
}
