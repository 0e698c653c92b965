package store

import (
	"context"
	"time"
)

// Health is what readiness checks and gauges ask of a store: whether it
// answers, and how far the work behind it lags.
type Health interface {
	// Ping checks that the store can be read and written to, for readiness
	// checks: it reads, then writes inside a transaction it rolls back, so
	// a database that answers queries but refuses writes fails it. It
	// changes nothing.
	Ping(ctx context.Context) error
	// CountDue counts the feeds DueFeeds would list at now without a limit:
	// the backlog of due fetches.
	CountDue(ctx context.Context, now time.Time) (int, error)
	// CountItemsAfter counts the stored items whose ID is above after: how
	// far the profiler, at its watermark, lags behind.
	CountItemsAfter(ctx context.Context, after int64) (int, error)
}
