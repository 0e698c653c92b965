package postgres

import (
	"context"
	"database/sql"

	"vigil/store"

	"vigil"
)

// SetFeverKey stores the hash of the user's Fever API key ("" removes
// it), or fails with ENOTFOUND for an unknown user and ECONFLICT when
// another user has the same key.
func (db *DB) SetFeverKey(ctx context.Context, userID int64, keyHash string) error {
	value := sql.NullString{String: keyHash, Valid: keyHash != ""}
	tag, err := db.pool.Exec(ctx, `UPDATE users SET fever_key_hash = $1 WHERE id = $2`, value, userID)
	if isUnique(err) {
		return vigil.Errorf(vigil.ECONFLICT, "another user has this Fever key")
	}
	if err != nil {
		return wrap("set Fever key", err)
	}
	return requireRow(tag.RowsAffected(), "user %d not found", userID)
}

// UserByFeverKey returns the user whose Fever API key hashes to keyHash,
// or ENOTFOUND; an empty hash matches no one.
func (db *DB) UserByFeverKey(ctx context.Context, keyHash string) (*vigil.User, error) {
	if keyHash == "" {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "no user has this Fever key")
	}
	u, err := store.ScanUser(db.pool.QueryRow(ctx, `SELECT `+userColumns+` FROM users u WHERE u.fever_key_hash = $1`, keyHash))
	return found(u, err, "read user by Fever key", "no user has this Fever key")
}
