package postgres

import (
	"context"
	"time"

	"vigil/store"
)

// Ping checks that the database answers a query on the schema and that the
// session may write (it is not a read-only replica or transaction); it
// changes nothing.
func (db *DB) Ping(ctx context.Context) error {
	var version int
	if err := db.pool.QueryRow(ctx, `SELECT version FROM vigil_schema`).Scan(&version); err != nil {
		return wrap("ping", err)
	}
	var readOnly string
	if err := db.pool.QueryRow(ctx, `SHOW transaction_read_only`).Scan(&readOnly); err != nil {
		return wrap("ping for writing", err)
	}
	if readOnly == "on" {
		return wrap("ping for writing", errReadOnly)
	}
	return nil
}

// CountDue counts the feeds with subscribers whose next fetch is at or
// before now, or unset.
func (db *DB) CountDue(ctx context.Context, now time.Time) (int, error) {
	var n int
	err := db.pool.QueryRow(ctx,
		`SELECT count(*) FROM feeds f
		 WHERE (f.next_fetch IS NULL OR f.next_fetch <= $1)
		   AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)`, store.Instant(now)).Scan(&n)
	if err != nil {
		return 0, wrap("count due feeds", err)
	}
	return n, nil
}

// CountItemsAfter counts the items whose ID is above after.
func (db *DB) CountItemsAfter(ctx context.Context, after int64) (int, error) {
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM items WHERE id > $1`, after).Scan(&n); err != nil {
		return 0, wrap("count items", err)
	}
	return n, nil
}
