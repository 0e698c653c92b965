package sqlflow

import (
	"context"

	"vigil"
	"vigil/store"
)

// FeverSQL is the text of the Fever API key statements.
type FeverSQL struct {
	// SetKey sets the Fever key hash of the user $2 to $1 (NULL: none).
	SetKey string
	// UserByKey returns the user (for store.ScanUser) whose Fever key
	// hashes to $1.
	UserByKey string
}

// SetFeverKey stores the hash of the user's Fever API key ("" removes
// it), or fails with ENOTFOUND for an unknown user and ECONFLICT when
// another user has the same key.
func (s *Store) SetFeverKey(ctx context.Context, userID int64, keyHash string) error {
	n, err := s.conn.Write().Exec(ctx, s.sql.Fever.SetKey, nullString(keyHash), userID)
	if s.d.IsUnique(err) {
		return vigil.Errorf(vigil.ECONFLICT, "another user has this Fever key")
	}
	if err != nil {
		return s.d.Wrap("set Fever key", err)
	}
	return requireRow(n, "user %d not found", userID)
}

// UserByFeverKey returns the user whose Fever API key hashes to keyHash,
// or ENOTFOUND; an empty hash matches no one.
func (s *Store) UserByFeverKey(ctx context.Context, keyHash string) (*vigil.User, error) {
	if keyHash == "" {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "no user has this Fever key")
	}
	u, err := store.ScanUser(s.conn.Read().QueryRow(ctx, s.sql.Fever.UserByKey, keyHash))
	return found(&s.d, u, err, "read user by Fever key", "no user has this Fever key")
}
