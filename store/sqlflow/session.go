package sqlflow

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// SessionSQL is the text of the web session statements.
type SessionSQL struct {
	// Create stores a session (token hash, user, expiry).
	Create string
	// User returns the user (for store.ScanUser) of the session $1 that
	// expires after the instant $2.
	User string
	// Delete deletes the session $1.
	Delete string
	// DeleteOfUser deletes every session of the user $1.
	DeleteOfUser string
}

// CreateSession stores a web session (hash of its cookie value) for a user
// until expires. An unknown user is ENOTFOUND; a hash already in use is ECONFLICT.
func (s *Store) CreateSession(ctx context.Context, tokenHash string, userID int64, expires time.Time) error {
	if err := store.CheckSession(tokenHash, expires); err != nil {
		return err
	}
	_, err := s.conn.Write().Exec(ctx, s.sql.Session.Create, tokenHash, userID, store.Nanos(expires))
	switch {
	case s.d.IsForeignKey(err):
		return vigil.Errorf(vigil.ENOTFOUND, "user %d not found", userID)
	case s.d.IsUnique(err):
		return vigil.Errorf(vigil.ECONFLICT, "session already exists")
	}
	return s.d.WrapIf("create session", err)
}

// SessionUser returns the user of a session that expires after now, or ENOTFOUND.
func (s *Store) SessionUser(ctx context.Context, tokenHash string, now time.Time) (*vigil.User, error) {
	u, err := store.ScanUser(s.conn.Read().QueryRow(ctx, s.sql.Session.User, tokenHash, store.Instant(now)))
	return found(&s.d, u, err, "read session", "session not found or expired")
}

// DeleteSession removes a session; a missing one is not an error.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := s.conn.Write().Exec(ctx, s.sql.Session.Delete, tokenHash)
	return s.d.WrapIf("delete session", err)
}
