package store

import (
	"context"
	"time"

	"vigil"
)

// AccessLog is when users looked at their items: what the planner learns
// readers' habits from.
type AccessLog interface {
	// RecordAccess notes that the user looked at their items at t: all
	// of them when feedID is 0, that feed's alone otherwise (a look). A
	// feed that does not exist is an error.
	RecordAccess(ctx context.Context, userID, feedID int64, t time.Time) error
	// Accesses returns every user's access times to all their feeds at or
	// after since, oldest first, by user ID: what the planner learns
	// readers' habits from.
	Accesses(ctx context.Context, since time.Time) (map[int64][]time.Time, error)
	// Looks returns every look at one feed at or after since, oldest
	// first: what the planner learns readers' habits with one feed from.
	Looks(ctx context.Context, since time.Time) ([]vigil.Look, error)
	// FeedLooks returns the looks at one feed at or after since, oldest
	// first: what a feed's chart shows of its readers' looks.
	FeedLooks(ctx context.Context, feedID int64, since time.Time) ([]vigil.Look, error)
	// PruneAccesses deletes accesses and looks before t and returns how
	// many went.
	PruneAccesses(ctx context.Context, before time.Time) (int64, error)
}
