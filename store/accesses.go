package store

import (
	"context"
	"time"
)

// AccessLog is when users looked at their items: what the planner learns
// readers' habits from.
type AccessLog interface {
	// RecordAccess notes that the user looked at their items at t.
	RecordAccess(ctx context.Context, userID int64, t time.Time) error
	// Accesses returns every user's access times at or after since, oldest
	// first, by user ID: what the planner learns readers' habits from.
	Accesses(ctx context.Context, since time.Time) (map[int64][]time.Time, error)
	// PruneAccesses deletes accesses before t and returns how many went.
	PruneAccesses(ctx context.Context, before time.Time) (int64, error)
}
