package sqlite

import (
	"context"
	"database/sql"

	"vigil/store"

	"vigil"
)

// digestColumns are the columns store.ScanDigestSettings reads from users.
const digestColumns = `id, name, email, digest, webhook`

// DigestSettings returns a user's digest settings, or ENOTFOUND.
func (db *DB) DigestSettings(ctx context.Context, userID int64) (*vigil.DigestSettings, error) {
	d, err := store.ScanDigestSettings(db.read.QueryRowContext(ctx, `SELECT `+digestColumns+` FROM users WHERE id = ?`, userID))
	return found(d, err, "read digest settings", "user %d not found", userID)
}

// SetDigestSettings stores a user's e-mail address (a plain address or
// empty), opt-out and webhook URL (http or https, or empty).
func (db *DB) SetDigestSettings(ctx context.Context, d vigil.DigestSettings) error {
	d, err := store.CleanDigestSettings(d)
	if err != nil {
		return err
	}
	res, err := db.write.ExecContext(ctx, `UPDATE users SET email = ?, digest = ?, webhook = ? WHERE id = ?`, d.Email, !d.Off, d.Webhook, d.UserID)
	if err != nil {
		return wrap("store digest settings", err)
	}
	return requireRow(res, "store digest settings", "user %d not found", d.UserID)
}

// AllDigestSettings lists every user's digest settings by user ID.
func (db *DB) AllDigestSettings(ctx context.Context) ([]vigil.DigestSettings, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+digestColumns+` FROM users ORDER BY id`)
	return list(rows, err, "list digest settings", store.ScanDigestSettings)
}

// ClaimDigest records the user's digest of day as sent; false when it was.
func (db *DB) ClaimDigest(ctx context.Context, userID int64, day string) (bool, error) {
	res, err := db.write.ExecContext(ctx, `INSERT INTO digests (user_id, day) VALUES (?, ?) ON CONFLICT DO NOTHING`, userID, day)
	if err != nil {
		return false, wrap("claim digest", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, wrap("claim digest", err)
	}
	return n == 1, nil
}

// ReleaseDigest forgets a claim so the digest is tried again.
func (db *DB) ReleaseDigest(ctx context.Context, userID int64, day string) error {
	if _, err := db.write.ExecContext(ctx, `DELETE FROM digests WHERE user_id = ? AND day = ?`, userID, day); err != nil {
		return wrap("release digest", err)
	}
	return nil
}

// LastDigestDay returns the latest day any digest was claimed for, or "".
func (db *DB) LastDigestDay(ctx context.Context) (string, error) {
	var day sql.NullString
	if err := db.read.QueryRowContext(ctx, `SELECT MAX(day) FROM digests`).Scan(&day); err != nil {
		return "", wrap("read the last digest day", err)
	}
	return day.String, nil
}
