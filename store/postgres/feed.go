package postgres

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// feedColumns are the columns store.ScanFeed reads, in order, for a feed aliased f:
// the stored state followed by the derived fields.
const feedColumns = feedStoredColumns + `,
	(SELECT max(i.sort_at) FROM items i WHERE i.feed_id = f.id)`

// feedStoredColumns are feedColumns but the last, the newest item's time:
// the feed's row and its subscribers' count and weight.
const feedStoredColumns = `f.id, f.url, f.title, f.site_url, f.description, f.language, f.status,
	f.created_at, f.etag, f.last_modified, f.last_fetch, f.last_success, f.next_fetch,
	f.last_status, f.last_error, f.failures, f.failing_since, f.missing, f.hints,
	f.item_window, f.model, f.rate, f.item_count,
	(SELECT count(*) FROM subscriptions s WHERE s.feed_id = f.id),
	(SELECT COALESCE(sum(s.weight), 0) FROM subscriptions s WHERE s.feed_id = f.id)`

// Feed returns a feed with its derived fields, or ENOTFOUND.
func (db *DB) Feed(ctx context.Context, id int64) (*vigil.Feed, error) {
	f, err := store.ScanFeed(db.pool.QueryRow(ctx, `SELECT `+feedColumns+` FROM feeds f WHERE f.id = $1`, id))
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
	var lim *int
	if limit > 0 {
		lim = &limit
	}
	return db.queryFeeds(ctx, "list due feeds",
		`SELECT `+feedColumns+` FROM feeds f
		 WHERE (f.next_fetch IS NULL OR f.next_fetch <= $1)
		   AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)
		 ORDER BY f.next_fetch NULLS FIRST, f.id
		 LIMIT $2`, store.Instant(now), lim)
}

// SetNextFetch reschedules a feed without recording a fetch; an unknown
// feed is ENOTFOUND.
func (db *DB) SetNextFetch(ctx context.Context, feedID int64, next time.Time) error {
	tag, err := db.pool.Exec(ctx, `UPDATE feeds SET next_fetch = $1 WHERE id = $2`, store.Nanos(next), feedID)
	if err != nil {
		return wrap("set next fetch", err)
	}
	return requireRow(tag.RowsAffected(), "feed %d not found", feedID)
}

// Reschedule moves a feed's next fetch from from to to, only if it is still
// from and the feed is not failing; it reports whether it moved.
func (db *DB) Reschedule(ctx context.Context, feedID int64, from, to time.Time) (bool, error) {
	tag, err := db.pool.Exec(ctx,
		`UPDATE feeds SET next_fetch = $1
		 WHERE id = $2 AND next_fetch IS NOT DISTINCT FROM $3 AND failures = 0`,
		store.Nanos(to), feedID, store.Nanos(from))
	if err != nil {
		return false, wrap("reschedule feed", err)
	}
	return tag.RowsAffected() == 1, nil
}

// queryFeeds runs a query selecting feedColumns and scans every row.
func (db *DB) queryFeeds(ctx context.Context, op, query string, args ...any) ([]vigil.Feed, error) {
	rows, err := db.pool.Query(ctx, query, args...)
	return list(rows, err, op, store.ScanFeed)
}
