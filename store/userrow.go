package store

import (
	"database/sql"

	"vigil"
)

// ScanUser reads one user from r, whose columns are, in order (each store's
// userColumns): id, name, password_hash, token_hash, created_at, interests.
func ScanUser(s Row) (*vigil.User, error) {
	var u vigil.User
	var created sql.NullInt64
	if err := s.Scan(&u.ID, &u.Name, &u.PasswordHash, &u.TokenHash, &created, &u.Interests); err != nil {
		return nil, err
	}
	u.CreatedAt = FromNanos(created)
	return &u, nil
}

// ScanDigestSettings reads a user's digest settings from r, whose columns
// are, in order: id, name, email, digest (on or off), webhook.
func ScanDigestSettings(s Row) (*vigil.DigestSettings, error) {
	var (
		d  vigil.DigestSettings
		on bool
	)
	if err := s.Scan(&d.UserID, &d.Name, &d.Email, &on, &d.Webhook); err != nil {
		return nil, err
	}
	d.Off = !on
	return &d, nil
}
