package sqlite

import (
	"context"
	"database/sql"
	"time"

	"vigil"
	"vigil/store"
)

// Observations lists a feed's latest observations, newest first; a limit of
// 0 or less means all of them. An unknown feed is ENOTFOUND.
func (db *DB) Observations(ctx context.Context, feedID int64, limit int) ([]vigil.Observation, error) {
	if limit <= 0 {
		limit = -1
	}
	rows, err := db.read.QueryContext(ctx,
		`SELECT id, feed_id, at, status, bytes, latency, items, new_items, updated_items, not_modified, error
		 FROM observations WHERE feed_id = ? ORDER BY at DESC, id DESC LIMIT ?`, feedID, limit)
	if err != nil {
		return nil, wrap("list observations", err)
	}
	obs, err := collect(rows, store.ScanObservation)
	if err != nil {
		return nil, wrap("list observations", err)
	}
	if len(obs) == 0 {
		if _, err := db.Feed(ctx, feedID); err != nil {
			return nil, err
		}
	}
	return obs, nil
}

// CountFetchesSince counts observations at or after t over all feeds.
func (db *DB) CountFetchesSince(ctx context.Context, t time.Time) (int, error) {
	var n int
	err := db.read.QueryRowContext(ctx,
		`SELECT count(*) FROM observations WHERE at >= ?`, store.Instant(t)).Scan(&n)
	if err != nil {
		return 0, wrap("count fetches", err)
	}
	return n, nil
}

// insertObservation stores o for the feed and returns its ID.
func insertObservation(ctx context.Context, stmt *sql.Stmt, feedID int64, o vigil.Observation) (int64, error) {
	res, err := stmt.ExecContext(ctx, feedID, store.Nanos(o.At), o.Status, o.Bytes, int64(o.Latency),
		o.Items, o.NewItems, o.Updated, o.NotModified, o.Error)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}
