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
	if len(examples) < minExamples || len(levels) < 2 {
		return nil
	}
	return change.Train(examples, change.TrainOptions{})
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
