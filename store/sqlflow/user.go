package sqlflow

import (
	"context"
	"database/sql"
	"time"

	"vigil"
	"vigil/store"
)

// UserSQL is the text of the user statements. The column list of each
// query is store.ScanUser's.
type UserSQL struct {
	// Create stores a user (name, password hash, token hash, created at,
	// interests) and returns its ID.
	Create string
	// ByName returns the user named $1.
	ByName string
	// ByToken returns the user whose token hashes to $1.
	ByToken string
	// List returns every user by name.
	List string
	// SetInterests sets the interests of the user $2 to $1.
	SetInterests string
	// SetPassword sets the password hash of the user $2 to $1.
	SetPassword string
	// SetToken sets the API token hash of the user $2 to $1.
	SetToken string
	// Delete deletes the user $1; their rows go with them (ON DELETE CASCADE).
	Delete string
}

// CreateUser stores a new user and sets its ID, and its CreatedAt when zero.
// An empty name, or interests SetInterests would refuse, is EINVALID; a
// taken name or token hash is ECONFLICT.
func (s *Store) CreateUser(ctx context.Context, u *vigil.User) error {
	if err := store.CheckNewUser(u); err != nil {
		return err
	}
	created := u.CreatedAt
	if created.IsZero() {
		created = time.Now()
	}
	var id int64
	err := s.conn.Write().QueryRow(ctx, s.sql.User.Create,
		u.Name, u.PasswordHash, nullString(u.TokenHash), store.Nanos(created), u.Interests).Scan(&id)
	if s.d.IsUniqueOn(err, "users", "name") {
		return vigil.Errorf(vigil.ECONFLICT, "user %q already exists", u.Name)
	}
	if s.d.IsUnique(err) {
		return vigil.Errorf(vigil.ECONFLICT, "the API token of user %q is already in use", u.Name)
	}
	if err != nil {
		return s.d.Wrap("create user", err)
	}
	u.ID, u.CreatedAt = id, store.Normalise(created)
	return nil
}

// UserByName returns the user with that name, or ENOTFOUND.
func (s *Store) UserByName(ctx context.Context, name string) (*vigil.User, error) {
	u, err := store.ScanUser(s.conn.Read().QueryRow(ctx, s.sql.User.ByName, name))
	return found(&s.d, u, err, "read user", "user %q not found", name)
}

// UserByToken returns the user whose API token hashes to tokenHash, or
// ENOTFOUND; an empty hash matches no one.
func (s *Store) UserByToken(ctx context.Context, tokenHash string) (*vigil.User, error) {
	if tokenHash == "" {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "no user has this token")
	}
	u, err := store.ScanUser(s.conn.Hot().QueryRow(ctx, s.sql.User.ByToken, tokenHash))
	return found(&s.d, u, err, "read user by token", "no user has this token")
}

// Users lists every user by name.
func (s *Store) Users(ctx context.Context) ([]vigil.User, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.User.List)
	return list(&s.d, rows, err, "list users", store.ScanUser)
}

// SetInterests stores the user's free-text interests, which seed their
// recommendations; empty text clears them. Text longer than
// store.MaxInterestsLength characters or not valid UTF-8 is EINVALID; an unknown
// user is ENOTFOUND.
func (s *Store) SetInterests(ctx context.Context, userID int64, text string) error {
	if err := store.CheckInterests(text); err != nil {
		return err
	}
	n, err := s.conn.Write().Exec(ctx, s.sql.User.SetInterests, text, userID)
	if err != nil {
		return s.d.Wrap("set interests", err)
	}
	return requireRow(n, "user %d not found", userID)
}

// SetPassword replaces the user's password hash and ends every web session
// of the user, in one transaction: whoever held the old password loses the
// sessions it opened. An empty hash is EINVALID; an unknown user is ENOTFOUND.
func (s *Store) SetPassword(ctx context.Context, userID int64, passwordHash string) error {
	if passwordHash == "" {
		return vigil.Errorf(vigil.EINVALID, "password hash is empty")
	}
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return s.d.Wrap("set password", err)
	}
	defer tx.Rollback(ctx)
	n, err := tx.Exec(ctx, s.sql.User.SetPassword, passwordHash, userID)
	if err != nil {
		return s.d.Wrap("set password", err)
	}
	if err := requireRow(n, "user %d not found", userID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, s.sql.Session.DeleteOfUser, userID); err != nil {
		return s.d.Wrap("end sessions", err)
	}
	return s.d.WrapIf("set password", tx.Commit(ctx))
}

// SetToken replaces the hash of the user's API token; the old token stops
// working. An empty hash is EINVALID; a hash another user holds is
// ECONFLICT; an unknown user is ENOTFOUND.
func (s *Store) SetToken(ctx context.Context, userID int64, tokenHash string) error {
	if tokenHash == "" {
		return vigil.Errorf(vigil.EINVALID, "token hash is empty")
	}
	n, err := s.conn.Write().Exec(ctx, s.sql.User.SetToken, tokenHash, userID)
	if s.d.IsUnique(err) {
		return vigil.Errorf(vigil.ECONFLICT, "the API token is already in use")
	}
	if err != nil {
		return s.d.Wrap("set token", err)
	}
	return requireRow(n, "user %d not found", userID)
}

// DeleteUser removes the user with their subscriptions, page follows,
// sessions, item states and settings. Feeds stay stored, followed or not,
// as after Unsubscribe. An unknown user is ENOTFOUND.
func (s *Store) DeleteUser(ctx context.Context, userID int64) error {
	n, err := s.conn.Write().Exec(ctx, s.sql.User.Delete, userID)
	if err != nil {
		return s.d.Wrap("delete user", err)
	}
	return requireRow(n, "user %d not found", userID)
}

// nullString stores the empty string as NULL.
func nullString(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}
