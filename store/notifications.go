package store

import (
	"context"
	"time"

	"vigil"
)

// Notifications is what vigil tells users outside their feeds: notices
// left for them, and the daily digests (their settings and the claims
// that send each day's once).
type Notifications interface {
	// Notices lists the user's notices, newest first.
	Notices(ctx context.Context, userID int64) ([]vigil.Notice, error)
	// AddNotice leaves a notice for a user, unless the user already has
	// one with the same text.
	AddNotice(ctx context.Context, userID int64, text string, at time.Time) error

	// DigestSettings returns a user's digest settings, or ENOTFOUND.
	DigestSettings(ctx context.Context, userID int64) (*vigil.DigestSettings, error)
	// SetDigestSettings stores a user's e-mail address, opt-out and webhook.
	SetDigestSettings(ctx context.Context, d vigil.DigestSettings) error
	// AllDigestSettings lists every user's digest settings, by user ID.
	AllDigestSettings(ctx context.Context) ([]vigil.DigestSettings, error)
	// ClaimDigest records that the user's digest of day (YYYY-MM-DD) is
	// sent, and reports false when it already was.
	ClaimDigest(ctx context.Context, userID int64, day string) (bool, error)
	// ReleaseDigest forgets a claim whose sending failed, so it is retried.
	ReleaseDigest(ctx context.Context, userID int64, day string) error
	// LastDigestDay returns the latest day (YYYY-MM-DD) any user's digest
	// was claimed for, or "" when none ever was.
	LastDigestDay(ctx context.Context) (string, error)
}
