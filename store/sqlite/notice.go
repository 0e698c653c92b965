package sqlite

import (
	"context"
	"database/sql"

	"vigil"
	"vigil/store"
)

// Notices lists the user's notices, newest first.
func (db *DB) Notices(ctx context.Context, userID int64) ([]vigil.Notice, error) {
	rows, err := db.read.QueryContext(ctx,
		`SELECT id, user_id, at, text FROM notices WHERE user_id = ? ORDER BY at DESC, id DESC`, userID)
	if err != nil {
		return nil, wrap("list notices", err)
	}
	defer rows.Close()
	var notices []vigil.Notice
	for rows.Next() {
		var n vigil.Notice
		var at sql.NullInt64
		if err := rows.Scan(&n.ID, &n.UserID, &at, &n.Text); err != nil {
			return nil, wrap("list notices", err)
		}
		n.At = store.FromNanos(at)
		notices = append(notices, n)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap("list notices", err)
	}
	return notices, nil
}
