package digest

import (
	"context"
	"time"

	"vigil"
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
// notification rule tells them of, oldest first, the ratings combined as
// cfg says.
func Build(ctx context.Context, st updates.Store, user vigil.DigestSettings, day time.Time, loc *time.Location, cfg updates.Config) (Digest, error) {
	start, end := dayBounds(day, loc)
	d := Digest{User: user.Name, Day: start.Format(time.DateOnly), Start: start, End: end, Changes: []updates.Change{}}
	list, err := st.Changes(ctx, store.ChangeQuery{UserID: user.UserID, Since: start, Limit: 1000})
	if err != nil {
		return Digest{}, err
	}
	var todays []vigil.PageChange
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].At.Before(end) {
			todays = append(todays, list[i])
		}
	}
	views, err := updates.Views(ctx, st, user.UserID, todays, cfg)
	if err != nil {
		return Digest{}, err
	}
	for _, v := range views {
		if v.Tell {
			d.Changes = append(d.Changes, v)
		}
	}
	return d, nil
}
