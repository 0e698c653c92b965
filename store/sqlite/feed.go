package sqlite

import (
	"context"
	"database/sql"
	"time"

	"vigil"
	"vigil/store"
)

// feedColumns are the columns store.ScanFeed reads, in order, for a feed aliased f:
// the stored state followed by the derived fields.
const feedColumns = `f.id, f.url, f.title, f.site_url, f.description, f.language, f.status,
	f.created_at, f.etag, f.last_modified, f.last_fetch, f.last_success, f.next_fetch,
	f.last_status, f.last_error, f.failures, f.failing_since, f.missing, f.hints,
	f.item_window, f.model, f.rate, f.item_count,
	(SELECT count(*) FROM subscriptions s WHERE s.feed_id = f.id),
	(SELECT COALESCE(sum(s.weight), 0) FROM subscriptions s WHERE s.feed_id = f.id),
	(SELECT max(i.sort_at) FROM items i WHERE i.feed_id = f.id)`

// Feed returns a feed with its derived fields, or ENOTFOUND.
func (db *DB) Feed(ctx context.Context, id int64) (*vigil.Feed, error) {
	// A cached statement: a fetch pass reads every feed again just before
	// fetching it, and parsing this query cost most of the read.
	row := db.reads.queryRow(ctx, db.read, `SELECT `+feedColumns+` FROM feeds f WHERE f.id = ?`, id)
	f, err := store.ScanFeed(row)
	return found(f, err, "read feed", "feed %d not found", id)
}

// Feeds lists every feed with its derived fields, by ID.
func (db *DB) Feeds(ctx context.Context) ([]vigil.Feed, error) {
	return db.queryFeeds(ctx, "list feeds", `SELECT `+feedColumns+` FROM feeds f ORDER BY f.id`)
}

// DueFeeds lists up to limit feeds that have subscribers and whose NextFetch
// is at or before now (or unset), earliest first. A limit of 0 or less
// means no limit.
func (db *DB) DueFeeds(ctx context.Context, now time.Time, limit int) ([]vigil.Feed, error) {
	if limit <= 0 {
		limit = -1
	}
	return db.queryFeeds(ctx, "list due feeds",
		`SELECT `+feedColumns+` FROM feeds f
		 WHERE (f.next_fetch IS NULL OR f.next_fetch <= ?)
		   AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)
		 ORDER BY f.next_fetch, f.id
		 LIMIT ?`, store.Instant(now), limit)
}

// SetNextFetch reschedules a feed without recording a fetch; an unknown
// feed is ENOTFOUND.
func (db *DB) SetNextFetch(ctx context.Context, feedID int64, next time.Time) error {
	res, err := db.write.ExecContext(ctx, `UPDATE feeds SET next_fetch = ? WHERE id = ?`, store.Nanos(next), feedID)
	if err != nil {
		return wrap("set next fetch", err)
	}
	return requireRow(res, "set next fetch", "feed %d not found", feedID)
}

// Reschedule moves a feed's next fetch from from to to, only if it is still
// from and the feed is not failing; it reports whether it moved.
func (db *DB) Reschedule(ctx context.Context, feedID int64, from, to time.Time) (bool, error) {
	res, err := db.write.ExecContext(ctx,
		`UPDATE feeds SET next_fetch = ? WHERE id = ? AND next_fetch IS ? AND failures = 0`,
		store.Nanos(to), feedID, store.Nanos(from))
	if err != nil {
		return false, wrap("reschedule feed", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, wrap("reschedule feed", err)
	}
	return n == 1, nil
}

// queryFeeds runs a query selecting feedColumns and scans every row.
func (db *DB) queryFeeds(ctx context.Context, op, query string, args ...any) ([]vigil.Feed, error) {
	rows, err := db.read.QueryContext(ctx, query, args...)
	return list(rows, err, op, store.ScanFeed)
}

// requireRow turns an update that touched no row into ENOTFOUND.
func requireRow(res sql.Result, op, format string, args ...any) error {
	n, err := res.RowsAffected()
	if err != nil {
		return wrap(op, err)
	}
	if n == 0 {
		return vigil.Errorf(vigil.ENOTFOUND, format, args...)
	}
	return nil
}
