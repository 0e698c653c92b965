package sqlite

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// CreateSession stores a web session (hash of its cookie value) for a user
// until expires. An unknown user is ENOTFOUND; a hash already in use is ECONFLICT.
func (db *DB) CreateSession(ctx context.Context, tokenHash string, userID int64, expires time.Time) error {
	if err := store.CheckSession(tokenHash, expires); err != nil {
		return err
	}
	_, err := db.write.ExecContext(ctx,
		`INSERT INTO sessions (token_hash, user_id, expires) VALUES (?, ?, ?)`,
		tokenHash, userID, store.Nanos(expires))
	switch {
	case isForeignKey(err):
		return vigil.Errorf(vigil.ENOTFOUND, "user %d not found", userID)
	case isUnique(err):
		return vigil.Errorf(vigil.ECONFLICT, "session already exists")
	case err != nil:
		return wrap("create session", err)
	}
	return nil
}

// SessionUser returns the user of a session that expires after now, or ENOTFOUND.
func (db *DB) SessionUser(ctx context.Context, tokenHash string, now time.Time) (*vigil.User, error) {
	row := db.read.QueryRowContext(ctx,
		`SELECT `+userColumns+`
		 FROM sessions s JOIN users u ON u.id = s.user_id
		 WHERE s.token_hash = ? AND s.expires > ?`,
		tokenHash, store.Instant(now))
	u, err := store.ScanUser(row)
	return found(u, err, "read session", "session not found or expired")
}

// DeleteSession removes a session; a missing one is not an error.
func (db *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := db.write.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash); err != nil {
		return wrap("delete session", err)
	}
	return nil
}
