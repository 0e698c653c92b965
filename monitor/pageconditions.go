package monitor

import (
	"context"
	"fmt"
	"slices"

	"vigil"
	"vigil/change"
	"vigil/fetch"
)

// withholdFromFollowers marks the change mv found as withheld from the
// followers whose conditions it does not meet (change.AnyMet): the store
// then queues them no message and the Updates folder and the digest do
// not tell them of it. Followers without conditions hear of every change.
func (m *Monitor) withholdFromFollowers(conds map[int64][]vigil.Condition, mv *measured, prev *previous, body []byte, contentType string) error {
	if mv.ext == nil {
		return nil
	}
	if len(conds) == 0 {
		return nil // no follower set a condition: the previous body is not needed
	}
	whole, err := prev.load()
	if err != nil {
		return err
	}
	old := change.Version{Doc: mv.old, Body: whole.Body, ContentType: whole.ContentType}
	now := change.Version{Doc: mv.doc, Body: body, ContentType: contentType}
	mv.withheld = withheld(conds, old, now)
	return nil
}

// pageConditions reads the conditions of the page's followers.
func (m *Monitor) pageConditions(ctx context.Context, f vigil.Feed) (map[int64][]vigil.Condition, error) {
	conds, err := m.st.PageConditions(ctx, f.ID)
	if err != nil {
		return nil, fmt.Errorf("monitor: reading the followers' conditions of %s: %w", fetch.RedactURL(f.URL), err)
	}
	return conds, nil
}

// withheld returns, sorted, the users whose conditions the change from
// old to now does not meet.
func withheld(conds map[int64][]vigil.Condition, old, now change.Version) []int64 {
	var out []int64
	for user, cs := range conds {
		triggers := make([]change.Condition, len(cs))
		for i, c := range cs {
			triggers[i] = change.Condition(c)
		}
		if !change.AnyMet(triggers, old, now) {
			out = append(out, user)
		}
	}
	slices.Sort(out)
	return out
}
