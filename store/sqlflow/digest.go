package sqlflow

import (
	"context"
	"database/sql"

	"vigil"
	"vigil/store"
)

// DigestSQL is the text of the digest statements. The column list of each
// settings query is store.ScanDigestSettings's.
type DigestSQL struct {
	// Settings returns the digest settings of the user $1.
	Settings string
	// SetSettings sets the e-mail address $1, digest opt-in $2 and webhook
	// $3 of the user $4.
	SetSettings string
	// AllSettings returns every user's digest settings by user ID.
	AllSettings string
	// Claim records the digest of the user $1 for the day $2 unless it is.
	Claim string
	// Release forgets the digest of the user $1 for the day $2.
	Release string
	// LastDay returns the latest day claimed, NULL when none is.
	LastDay string
}

// DigestSettings returns a user's digest settings, or ENOTFOUND.
func (s *Store) DigestSettings(ctx context.Context, userID int64) (*vigil.DigestSettings, error) {
	d, err := store.ScanDigestSettings(s.conn.Read().QueryRow(ctx, s.sql.Digest.Settings, userID))
	return found(&s.d, d, err, "read digest settings", "user %d not found", userID)
}

// SetDigestSettings stores a user's e-mail address (a plain address or
// empty), opt-out and webhook URL (http or https, or empty).
func (s *Store) SetDigestSettings(ctx context.Context, d vigil.DigestSettings) error {
	d, err := store.CleanDigestSettings(d)
	if err != nil {
		return err
	}
	n, err := s.conn.Write().Exec(ctx, s.sql.Digest.SetSettings, s.d.text(d.Email), !d.Off, s.d.text(d.Webhook), d.UserID)
	if err != nil {
		return s.d.Wrap("store digest settings", err)
	}
	return requireRow(n, "user %d not found", d.UserID)
}

// AllDigestSettings lists every user's digest settings by user ID.
func (s *Store) AllDigestSettings(ctx context.Context) ([]vigil.DigestSettings, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Digest.AllSettings)
	return list(&s.d, rows, err, "list digest settings", store.ScanDigestSettings)
}

// ClaimDigest records the user's digest of day as sent; false when it was.
func (s *Store) ClaimDigest(ctx context.Context, userID int64, day string) (bool, error) {
	n, err := s.conn.Write().Exec(ctx, s.sql.Digest.Claim, userID, s.d.text(day))
	if err != nil {
		return false, s.d.Wrap("claim digest", err)
	}
	return n == 1, nil
}

// ReleaseDigest forgets a claim so the digest is tried again.
func (s *Store) ReleaseDigest(ctx context.Context, userID int64, day string) error {
	_, err := s.conn.Write().Exec(ctx, s.sql.Digest.Release, userID, s.d.text(day))
	return s.d.WrapIf("release digest", err)
}

// LastDigestDay returns the latest day any digest was claimed for, or "".
func (s *Store) LastDigestDay(ctx context.Context) (string, error) {
	var day sql.NullString
	if err := s.conn.Read().QueryRow(ctx, s.sql.Digest.LastDay).Scan(&day); err != nil {
		return "", s.d.Wrap("read the last digest day", err)
	}
	return day.String, nil
}
