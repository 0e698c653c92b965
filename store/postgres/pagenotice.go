package postgres

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// AddNotice leaves a notice for a user unless one with the same text is
// there already (a duplicate page found at every fetch is told once).
func (db *DB) AddNotice(ctx context.Context, userID int64, text string, at time.Time) error {
	if err := store.CheckNotice(text); err != nil {
		return err
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO notices (user_id, at, text)
		SELECT $1::bigint, $2::bigint, $3::text
		WHERE NOT EXISTS (SELECT 1 FROM notices WHERE user_id = $1::bigint AND text = $3::text)`,
		userID, store.Nanos(at), clean(text))
	if isForeignKey(err) {
		return vigil.Errorf(vigil.ENOTFOUND, "user %d not found", userID)
	}
	if err != nil {
		return wrap("add notice", err)
	}
	return nil
}
