package updates

import (
	"encoding/json"
	"slices"

	"vigil"
	"vigil/change"
)

// Change is one change as a given follower sees it.
type Change struct {
	vigil.PageChange
	// Agent is the agent's severity; AgentExtent the largest monitored
	// extent it came from.
	Agent       change.Severity `json:"agent"`
	AgentExtent float64         `json:"agent_extent"`
	// Community combines every follower's rating (change.Combine).
	Community change.Combined `json:"community"`
	// EvaluatedByOthers is set when someone other than the follower rated it.
	EvaluatedByOthers bool `json:"evaluated_by_others"`
	// Return, when not 0, says the change went back to the state the page
	// showed that many distinct states earlier (change.Extents.Return).
	Return int `json:"return,omitempty"`
	// Tell is the notification rule's verdict for the follower
	// (change.Notify with their threshold); a return is told only once
	// others rated it at least at the threshold, never as new; false when
	// the change did not meet the follower's conditions.
	Tell bool `json:"tell"`
	// Mine is the follower's own rating, if any.
	Mine *vigil.Evaluation `json:"mine,omitempty"`
	// Likely is the followers' predicted rating of a change nobody rated
	// yet, learned from their ratings of the page's earlier changes
	// ("likely significant"); "" when there is too little to learn from.
	Likely string `json:"likely,omitempty"`
	// Below is the lower group's evaluations summarised, for a change of
	// the weekly or monthly group that has one; it counts in Community.
	Below *change.Rating `json:"below,omitempty"`
}

// View returns c as the user with the given threshold sees it, the
// ratings combined with w, with below (the lower group's summary, nil
// when none) as one more rating by others. A change withheld from the
// user (their conditions were not met) is never told.
func View(c vigil.PageChange, userID int64, threshold change.Severity, w change.Weights, below *change.Rating) Change {
	v := Change{PageChange: c}
	v.Agent, _ = change.ParseSeverity(c.Severity)
	v.AgentExtent, v.Return = extentsOf(c.Extents)
	ratings := make([]change.Rating, 0, len(c.Evaluations))
	for i, e := range c.Evaluations {
		s, err := change.ParseSeverity(e.Rating)
		if err != nil {
			continue
		}
		ratings = append(ratings, change.Rating{Severity: s, Comment: e.Comment})
		if e.UserID == userID {
			v.Mine = &c.Evaluations[i]
		} else {
			v.EvaluatedByOthers = true
		}
	}
	if below != nil {
		ratings = append(ratings, *below)
		v.Below, v.EvaluatedByOthers = below, true
	}
	v.Community = change.Combine(ratings, w)
	v.Tell = change.Notify(threshold, v.Community.Severity, v.EvaluatedByOthers) && (v.Return == 0 || v.EvaluatedByOthers) &&
		!slices.Contains(c.Withheld, userID)
	return v
}

// Level is the change's severity as shown: the community's when someone
// rated it, else the agent's.
func (c Change) Level() change.Severity {
	if c.Community.Ratings > 0 {
		return c.Community.Severity
	}
	return c.Agent
}

// extentsOf returns the largest of the text, links and images extents and
// how many states back the change returned to (0: not a return).
func extentsOf(raw json.RawMessage) (float64, int) {
	var e change.Extents
	if json.Unmarshal(raw, &e) != nil {
		return 0, 0
	}
	return e.Largest(change.AllKinds()), e.Return
}

// Entry is c as a document history entry (change.SelectHistory).
func (c Change) Entry() change.Entry {
	return change.Entry{ID: c.ID, Time: c.At, Agent: c.Agent, AgentExtent: c.AgentExtent, Community: c.Community}
}
