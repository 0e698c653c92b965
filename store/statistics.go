package store

import "context"

// StatisticsKeeper is implemented by stores whose query planner works from
// table statistics that a large write leaves stale (PostgreSQL's): after a
// pass that wrote much, the caller asks for them to be brought up to date
// at once, so that the cost falls on the pass that caused it rather than
// on whatever runs when the server's own maintenance gets round to it.
type StatisticsKeeper interface {
	// KeepStatistics refreshes the statistics of the store's tables that
	// have changed enough since they were last gathered for the server to
	// gather them again of its own accord, and returns their names. It
	// leaves alone a table whose statistics are being gathered already.
	KeepStatistics(ctx context.Context) ([]string, error)
}
