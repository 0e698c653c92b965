package updates

import (
	"encoding/json"

	"vigil"
	"vigil/change"
)

// minExamples is the least number of ratings of a page before its
// followers' ratings are predicted: fewer teach a three-way model nothing.
const minExamples = 6

// maxExamples bounds the ratings a page's predictor trains on (the newest).
const maxExamples = 500

// predictor trains change.Train on the followers' ratings of a page's
// changes (newest first), beyond Glance et al. (their future work, §3.2):
// one example per rating, the change's extents and the rating given. It
// returns nil with fewer than minExamples ratings or when every rating is
// the same word (nothing to tell apart).
func predictor(changes []vigil.PageChange) *change.Predictor {
	examples, levels := examplesOf(changes)
	if len(examples) < minExamples || levels < 2 {
		return nil
	}
	return change.Train(examples, change.TrainOptions{})
}

// examplesOf turns the ratings of changes (newest first) into examples,
// at most maxExamples, and counts the distinct rating words.
func examplesOf(changes []vigil.PageChange) ([]change.Example, int) {
	var examples []change.Example
	levels := map[change.Severity]bool{}
	for _, c := range changes {
		var e change.Extents
		if json.Unmarshal(c.Extents, &e) != nil {
			continue
		}
		for _, r := range ratingsOf(c) {
			examples = append(examples, change.Example{Extents: e, Rating: r.Severity})
			levels[r.Severity] = true
		}
		if len(examples) >= maxExamples {
			break
		}
	}
	return examples, len(levels)
}

// Agreement measures a page's predictor on held-back ratings: every
// fourth rating is held back (change.HoldBack), the predictor trains on
// the others, and both it and the agent's own severity words guess the
// held-back ones, to set against the 51% agreement of Glance et al.'s
// agent with people (§4).
type Agreement struct {
	Held      int     `json:"held_back"`
	Predictor float64 `json:"predictor"`
	Agent     float64 `json:"agent"`
}

// agreementOf measures the predictor of a page's changes, or returns nil
// with fewer than twice minExamples ratings.
func agreementOf(changes []vigil.PageChange) *Agreement {
	examples, levels := examplesOf(changes)
	if len(examples) < 2*minExamples || levels < 2 {
		return nil
	}
	train, held := change.HoldBack(examples, 4)
	p := change.Train(train, change.TrainOptions{})
	return &Agreement{Held: len(held), Predictor: p.Agreement(held), Agent: change.AgentAgreement(held)}
}

// likely is the predicted rating of an unrated change, "" when there is no
// predictor or the change is rated.
func likely(p *change.Predictor, c Change) string {
	if p == nil || c.Community.Ratings > 0 {
		return ""
	}
	var e change.Extents
	if json.Unmarshal(c.Extents, &e) != nil {
		return ""
	}
	s, _ := p.Predict(e)
	return s.String()
}
