package sqlite

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"vigil"
	"vigil/store"
)

// userColumns are the columns store.ScanUser reads, in order, for a user aliased u.
const userColumns = `u.id, u.name, u.password_hash, COALESCE(u.token_hash, ''), u.created_at, u.interests`

// CreateUser stores a new user and sets its ID, and its CreatedAt when zero.
// An empty name, or interests SetInterests would refuse, is EINVALID; a
// taken name or token hash is ECONFLICT.
func (db *DB) CreateUser(ctx context.Context, u *vigil.User) error {
	if err := store.CheckNewUser(u); err != nil {
		return err
	}
	created := u.CreatedAt
	if created.IsZero() {
		created = time.Now()
	}
	res, err := db.write.ExecContext(ctx,
		`INSERT INTO users (name, password_hash, token_hash, created_at, interests) VALUES (?, ?, ?, ?, ?)`,
		u.Name, u.PasswordHash, nullString(u.TokenHash), store.Nanos(created), u.Interests)
	if isUnique(err) && strings.Contains(err.Error(), "users.name") {
		return vigil.Errorf(vigil.ECONFLICT, "user %q already exists", u.Name)
	}
	if isUnique(err) {
		return vigil.Errorf(vigil.ECONFLICT, "the API token of user %q is already in use", u.Name)
	}
	if err != nil {
		return wrap("create user", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return wrap("create user", err)
	}
	u.ID, u.CreatedAt = id, store.FromNanos(store.Nanos(created))
	return nil
}

// UserByName returns the user with that name, or ENOTFOUND.
func (db *DB) UserByName(ctx context.Context, name string) (*vigil.User, error) {
	row := db.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE u.name = ?`, name)
	u, err := store.ScanUser(row)
	return found(u, err, "read user", "user %q not found", name)
}

// UserByToken returns the user whose API token hashes to tokenHash, or
// ENOTFOUND; an empty hash matches no one.
func (db *DB) UserByToken(ctx context.Context, tokenHash string) (*vigil.User, error) {
	if tokenHash == "" {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "no user has this token")
	}
	row := db.reads.queryRow(ctx, db.read, `SELECT `+userColumns+` FROM users u WHERE u.token_hash = ?`, tokenHash)
	u, err := store.ScanUser(row)
	return found(u, err, "read user by token", "no user has this token")
}

// Users lists every user by name.
func (db *DB) Users(ctx context.Context) ([]vigil.User, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+userColumns+` FROM users u ORDER BY u.name, u.id`)
	return list(rows, err, "list users", store.ScanUser)
}

// SetInterests stores the user's free-text interests, which seed their
// recommendations; empty text clears them. Text longer than
// store.MaxInterestsLength characters or not valid UTF-8 is EINVALID; an unknown
// user is ENOTFOUND.
func (db *DB) SetInterests(ctx context.Context, userID int64, text string) error {
	if err := store.CheckInterests(text); err != nil {
		return err
	}
	res, err := db.write.ExecContext(ctx, `UPDATE users SET interests = ? WHERE id = ?`, text, userID)
	if err != nil {
		return wrap("set interests", err)
	}
	return requireRow(res, "set interests", "user %d not found", userID)
}

// nullString stores the empty string as NULL.
func nullString(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}
