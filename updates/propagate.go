package updates

import (
	"context"
	"time"

	"vigil"
	"vigil/change"
	"vigil/store"
)

// lowerGroup is the group whose evaluations propagate into each group.
var lowerGroup = map[string]change.Frequency{"weekly": change.Daily, "monthly": change.Weekly}

// propagated returns, for each change of a weekly or monthly group in
// changes, the summary of the lower
// group's evaluations of the changes inside it as one more rating
// (Glance et al. §3.1.1: the weekly group is informed by a summary of the
// daily group's evaluations, the monthly group by the weekly's). A change
// covers the time since the group's previous change (the page's start for
// the first). The summary weighs as much as one rating of the group's own.
func propagated(ctx context.Context, st Store, changes []vigil.PageChange, w change.Weights) (map[int64]change.Rating, error) {
	out := map[int64]change.Rating{}
	for _, c := range changes {
		lower, ok := lowerGroup[c.Group]
		if !ok {
			continue
		}
		before, err := st.Changes(ctx, store.ChangeQuery{FeedID: c.FeedID, Group: c.Group, Until: c.At, Limit: 1})
		if err != nil {
			return nil, err
		}
		var since time.Time
		if len(before) > 0 {
			since = before[0].At
		}
		below, err := st.Changes(ctx, store.ChangeQuery{FeedID: c.FeedID, Group: lower.String(), Since: since, Until: c.At.Add(time.Nanosecond), Limit: 1000})
		if err != nil {
			return nil, err
		}
		combined := make([]change.Combined, len(below))
		for j, b := range below {
			combined[j] = change.Combine(ratingsOf(b), w)
		}
		if r, ok := lower.Summarize(combined).Rating(1); ok {
			out[c.ID] = r
		}
	}
	return out, nil
}

// ratingsOf turns a change's evaluations into ratings.
func ratingsOf(c vigil.PageChange) []change.Rating {
	out := make([]change.Rating, 0, len(c.Evaluations))
	for _, e := range c.Evaluations {
		if s, err := change.ParseSeverity(e.Rating); err == nil {
			out = append(out, change.Rating{Severity: s, Comment: e.Comment})
		}
	}
	return out
}

// Views returns changes (of any pages the user follows) as the user sees
// them: each with the user's threshold for its page and the lower group's
// summary.
func Views(ctx context.Context, st Store, userID int64, changes []vigil.PageChange, cfg Config) ([]Change, error) {
	cfg = cfg.withDefaults()
	ratings, err := propagated(ctx, st, changes, cfg.Weights)
	if err != nil {
		return nil, err
	}
	thresholds := map[int64]change.Severity{}
	out := make([]Change, 0, len(changes))
	for _, c := range changes {
		th, ok := thresholds[c.FeedID]
		if !ok {
			pf, err := st.PageFollow(ctx, userID, c.FeedID)
			if err != nil {
				return nil, err
			}
			if th, err = change.ParseSeverity(pf.Threshold); err != nil {
				return nil, err
			}
			thresholds[c.FeedID] = th
		}
		var below *change.Rating
		if r, ok := ratings[c.ID]; ok {
			below = &r
		}
		out = append(out, View(c, userID, th, cfg.Weights, below))
	}
	return out, nil
}
