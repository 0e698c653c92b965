package store

import (
	"context"
	"time"
)

// Activity is what the dashboard reads over the whole install: recent
// fetches counted per feed and hour in one query, rather than one query per
// feed.
type Activity interface {
	// FetchHours counts the observations of the hours hours before now, per
	// feed and hour: an observation at t falls in hour Ago = ⌊(now−t)/1h⌋
	// when 0 ≤ now−t < hours·1h (later and earlier ones are left out). Only
	// non-empty (feed, hour) pairs are listed, in no particular order.
	FetchHours(ctx context.Context, now time.Time, hours int) ([]FetchHour, error)
}

// FetchHour counts one feed's fetches in one hour before now.
type FetchHour struct {
	FeedID   int64
	Ago      int // 0 is the hour before now, 1 the one before it, ...
	Fetches  int
	Failed   int // fetches with an error, a status of 400 or more, or no answer
	NewItems int
}
