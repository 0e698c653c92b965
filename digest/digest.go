package digest

import (
	"context"
	"fmt"
	"time"

	"vigil"
	"vigil/change"
	"vigil/store"
	"vigil/updates"
)

// Digest is one user's changes of one day worth telling.
type Digest struct {
	User    string           `json:"user"`
	Day     string           `json:"day"` // YYYY-MM-DD in the digest's time zone
	Start   time.Time        `json:"start"`
	End     time.Time        `json:"end"`
	Changes []updates.Change `json:"changes"`
}

// dayBounds returns the start and end of the day holding t in loc.
func dayBounds(t time.Time, loc *time.Location) (time.Time, time.Time) {
	t = t.In(loc)
	start := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
	return start, start.AddDate(0, 0, 1)
}

// Build returns the digest of the day holding day (in loc) for the user:
// the changes detected that day to the pages they follow that the
// notification rule tells them of, oldest first.
func Build(ctx context.Context, st store.Store, user vigil.DigestSettings, day time.Time, loc *time.Location) (Digest, error) {
	start, end := dayBounds(day, loc)
	d := Digest{User: user.Name, Day: start.Format(time.DateOnly), Start: start, End: end, Changes: []updates.Change{}}
	list, err := st.Changes(ctx, store.ChangeQuery{UserID: user.UserID, Since: start, Limit: 1000})
	if err != nil {
		return Digest{}, err
	}
	thresholds := map[int64]change.Severity{}
	for i := len(list) - 1; i >= 0; i-- {
		c := list[i]
		if !c.At.Before(end) {
			continue
		}
		th, ok := thresholds[c.FeedID]
		if !ok {
			if th, err = threshold(ctx, st, user.UserID, c.FeedID); err != nil {
				return Digest{}, err
			}
			thresholds[c.FeedID] = th
		}
		if v := updates.View(c, user.UserID, th, change.DefaultWeights()); v.Tell {
			d.Changes = append(d.Changes, v)
		}
	}
	return d, nil
}

// threshold is the user's threshold for a page.
func threshold(ctx context.Context, st store.Store, userID, feedID int64) (change.Severity, error) {
	pf, err := st.PageFollow(ctx, userID, feedID)
	if err != nil {
		return change.Unknown, err
	}
	s, err := change.ParseSeverity(pf.Threshold)
	if err != nil {
		return change.Unknown, fmt.Errorf("digest: page %d: %w", feedID, err)
	}
	return s, nil
}
