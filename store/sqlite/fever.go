package sqlite

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
	res, err := db.write.ExecContext(ctx, `UPDATE users SET fever_key_hash = ? WHERE id = ?`, value, userID)
	if isUnique(err) {
		return vigil.Errorf(vigil.ECONFLICT, "another user has this Fever key")
	}
	if err != nil {
		return wrap("set Fever key", err)
	}
	return requireRow(res, "set Fever key", "user %d not found", userID)
}

// UserByFeverKey returns the user whose Fever API key hashes to keyHash,
// or ENOTFOUND; an empty hash matches no one.
func (db *DB) UserByFeverKey(ctx context.Context, keyHash string) (*vigil.User, error) {
	if keyHash == "" {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "no user has this Fever key")
	}
	row := db.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE u.fever_key_hash = ?`, keyHash)
	u, err := store.ScanUser(row)
	return found(u, err, "read user by Fever key", "no user has this Fever key")
}
