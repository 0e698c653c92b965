package sqlite

import (
	"context"
	"time"

	"vigil/store"
)

// Ping checks that both the reading pool and the writing connection
// answer a query on the schema; it changes nothing.
func (db *DB) Ping(ctx context.Context) error {
	var n int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema`).Scan(&n); err != nil {
		return wrap("ping for reading", err)
	}
	if err := db.write.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema`).Scan(&n); err != nil {
		return wrap("ping for writing", err)
	}
	return nil
}

// CountDue counts the feeds with subscribers whose next fetch is at or
// before now, or unset.
func (db *DB) CountDue(ctx context.Context, now time.Time) (int, error) {
	var n int
	err := db.read.QueryRowContext(ctx,
		`SELECT count(*) FROM feeds f
		 WHERE (f.next_fetch IS NULL OR f.next_fetch <= ?)
		   AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)`, store.Instant(now)).Scan(&n)
	if err != nil {
		return 0, wrap("count due feeds", err)
	}
	return n, nil
}

// CountItemsAfter counts the items whose ID is above after.
func (db *DB) CountItemsAfter(ctx context.Context, after int64) (int, error) {
	var n int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM items WHERE id > ?`, after).Scan(&n); err != nil {
		return 0, wrap("count items", err)
	}
	return n, nil
}
