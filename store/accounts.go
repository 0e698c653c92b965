package store

import (
	"context"
	"time"

	"vigil"
)

// Accounts is who may use vigil and how they prove it: users, web
// sessions, API tokens and Fever keys.
type Accounts interface {
	// CreateUser stores a new user and sets its ID and CreatedAt; a taken
	// name is ECONFLICT.
	CreateUser(ctx context.Context, u *vigil.User) error
	// UserByName returns the user with that name, or ENOTFOUND.
	UserByName(ctx context.Context, name string) (*vigil.User, error)
	// UserByToken returns the user whose API token hashes to tokenHash, or ENOTFOUND.
	UserByToken(ctx context.Context, tokenHash string) (*vigil.User, error)
	// Users lists every user by name.
	Users(ctx context.Context) ([]vigil.User, error)
	// SetPassword replaces the user's password hash and ends all their
	// sessions (web and Google Reader logins); an unknown user is ENOTFOUND.
	SetPassword(ctx context.Context, userID int64, passwordHash string) error
	// SetToken replaces the hash of the user's API token, so the old token
	// stops working; a hash in use is ECONFLICT, an unknown user ENOTFOUND.
	SetToken(ctx context.Context, userID int64, tokenHash string) error
	// DeleteUser removes the user and everything that is theirs alone
	// (subscriptions, sessions, item states, settings); feeds stay stored.
	// An unknown user is ENOTFOUND.
	DeleteUser(ctx context.Context, userID int64) error

	// CreateSession stores a web session (hash of its cookie value) for a
	// user until expires.
	CreateSession(ctx context.Context, tokenHash string, userID int64, expires time.Time) error
	// SessionUser returns the user of an unexpired session, or ENOTFOUND.
	SessionUser(ctx context.Context, tokenHash string, now time.Time) (*vigil.User, error)
	// DeleteSession removes a session; a missing one is not an error.
	DeleteSession(ctx context.Context, tokenHash string) error

	// SetFeverKey stores the hash of the user's Fever API key ("" removes
	// it); another user's key is ECONFLICT.
	SetFeverKey(ctx context.Context, userID int64, keyHash string) error
	// UserByFeverKey returns the user whose Fever key hashes to keyHash, or
	// ENOTFOUND.
	UserByFeverKey(ctx context.Context, keyHash string) (*vigil.User, error)
}
