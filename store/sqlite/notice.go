package sqlite

import (
	"context"

	"vigil"
	"vigil/store"
)

// Notices lists the user's notices, newest first.
func (db *DB) Notices(ctx context.Context, userID int64) ([]vigil.Notice, error) {
	rows, err := db.read.QueryContext(ctx,
		`SELECT id, user_id, at, text FROM notices WHERE user_id = ? ORDER BY at DESC, id DESC`, userID)
	return list(rows, err, "list notices", store.ScanNotice)
}
