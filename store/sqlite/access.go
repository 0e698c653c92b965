package sqlite

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// RecordAccess notes that the user looked at their items at t.
func (db *DB) RecordAccess(ctx context.Context, userID int64, t time.Time) error {
	if err := store.CheckAccess(t); err != nil {
		return err
	}
	if _, err := db.write.ExecContext(ctx, `INSERT INTO accesses (user_id, at) VALUES (?, ?)`, userID, store.Instant(t)); err != nil {
		return wrap("record access", err)
	}
	return nil
}

// Accesses returns every user's access times at or after since, oldest
// first, by user.
func (db *DB) Accesses(ctx context.Context, since time.Time) (map[int64][]time.Time, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT user_id, at FROM accesses WHERE at >= ? ORDER BY at`, store.Instant(since))
	if err != nil {
		return nil, wrap("list accesses", err)
	}
	defer rows.Close()
	out, err := store.ReadAccesses(rows)
	return out, wrapIf("list accesses", err)
}

// PruneAccesses deletes accesses before t and returns how many went.
func (db *DB) PruneAccesses(ctx context.Context, before time.Time) (int64, error) {
	res, err := db.write.ExecContext(ctx, `DELETE FROM accesses WHERE at < ?`, store.Instant(before))
	if err != nil {
		return 0, wrap("prune accesses", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, wrap("prune accesses", err)
	}
	return n, nil
}

// Readers lists every subscription as (user, feed, weight).
func (db *DB) Readers(ctx context.Context) ([]vigil.Reader, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT user_id, feed_id, weight FROM subscriptions ORDER BY feed_id, user_id`)
	return list(rows, err, "list readers", store.ScanReader)
}
