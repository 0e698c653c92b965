package postgres

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
	_, err := db.pool.Exec(ctx,
		`INSERT INTO sessions (token_hash, user_id, expires) VALUES ($1, $2, $3)`,
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
	u, err := store.ScanUser(db.pool.QueryRow(ctx,
		`SELECT `+userColumns+`
		 FROM sessions s JOIN users u ON u.id = s.user_id
		 WHERE s.token_hash = $1 AND s.expires > $2`,
		tokenHash, store.Instant(now)))
	return found(u, err, "read session", "session not found or expired")
}

// DeleteSession removes a session; a missing one is not an error.
func (db *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := db.pool.Exec(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
	return wrapIf("delete session", err)
}
