package postgres

import (
	"context"
	"database/sql"
	"time"

	"github.com/jackc/pgx/v5"

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
	var id int64
	err := db.pool.QueryRow(ctx,
		`INSERT INTO users (name, password_hash, token_hash, created_at, interests) VALUES ($1, $2, $3, $4, $5)
		 RETURNING id`,
		u.Name, u.PasswordHash, nullString(u.TokenHash), store.Nanos(created), u.Interests).Scan(&id)
	if c, ok := violated(err, uniqueViolation); ok && c == "users_name_key" {
		return vigil.Errorf(vigil.ECONFLICT, "user %q already exists", u.Name)
	}
	if isUnique(err) {
		return vigil.Errorf(vigil.ECONFLICT, "the API token of user %q is already in use", u.Name)
	}
	if err != nil {
		return wrap("create user", err)
	}
	u.ID, u.CreatedAt = id, store.Normalise(created)
	return nil
}

// UserByName returns the user with that name, or ENOTFOUND.
func (db *DB) UserByName(ctx context.Context, name string) (*vigil.User, error) {
	u, err := store.ScanUser(db.pool.QueryRow(ctx, `SELECT `+userColumns+` FROM users u WHERE u.name = $1`, name))
	return found(u, err, "read user", "user %q not found", name)
}

// UserByToken returns the user whose API token hashes to tokenHash, or
// ENOTFOUND; an empty hash matches no one.
func (db *DB) UserByToken(ctx context.Context, tokenHash string) (*vigil.User, error) {
	if tokenHash == "" {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "no user has this token")
	}
	u, err := store.ScanUser(db.pool.QueryRow(ctx, `SELECT `+userColumns+` FROM users u WHERE u.token_hash = $1`, tokenHash))
	return found(u, err, "read user by token", "no user has this token")
}

// Users lists every user by name.
func (db *DB) Users(ctx context.Context) ([]vigil.User, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+userColumns+` FROM users u ORDER BY u.name COLLATE "C", u.id`)
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
	tag, err := db.pool.Exec(ctx, `UPDATE users SET interests = $1 WHERE id = $2`, text, userID)
	if err != nil {
		return wrap("set interests", err)
	}
	return requireRow(tag.RowsAffected(), "user %d not found", userID)
}

// nullString stores the empty string as NULL.
func nullString(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}

// requireRow turns a statement that touched no row into ENOTFOUND.
func requireRow(n int64, format string, args ...any) error {
	if n == 0 {
		return vigil.Errorf(vigil.ENOTFOUND, format, args...)
	}
	return nil
}

// collect reads every row with scan and closes rows.
func collect[T any](rows pgx.Rows, scan func(store.Row) (*T, error)) ([]T, error) {
	defer rows.Close()
	return store.Collect(rows, scan)
}

// list scans every row a query returned with scan and closes the rows; a
// failed query or scan is wrapped by op.
func list[T any](rows pgx.Rows, err error, op string, scan func(store.Row) (*T, error)) ([]T, error) {
	if err != nil {
		return nil, wrap(op, err)
	}
	out, err := collect(rows, scan)
	return out, wrapIf(op, err)
}
