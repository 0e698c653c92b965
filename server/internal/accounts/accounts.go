// Package accounts changes a user's own credentials, as the JSON API and
// the web settings page both do: the password (given the current one) and
// the API token.
package accounts

import (
	"context"
	"unicode/utf8"

	"vigil"
	"vigil/account"
	"vigil/store"
)

// Bounds of a chosen password, as 'vigil user passwd' keeps them.
const (
	MinPasswordLength = 8    // characters
	MaxPasswordLength = 1024 // bytes
)

// ChangePassword replaces u's password with next after checking current,
// which ends u's web sessions (store.Accounts.SetPassword). A wrong current
// password is EUNAUTHORIZED, a next one out of bounds EINVALID; neither
// changes anything.
func ChangePassword(ctx context.Context, st store.Accounts, u *vigil.User, current, next string) error {
	if !account.CheckPassword(u.PasswordHash, current) {
		return vigil.Errorf(vigil.EUNAUTHORIZED, "the current password is wrong")
	}
	if err := checkNew(next); err != nil {
		return err
	}
	hash, err := account.HashPassword(next, 0)
	if err != nil {
		return err
	}
	return st.SetPassword(ctx, u.ID, hash)
}

// checkNew refuses a password shorter than MinPasswordLength characters or
// longer than MaxPasswordLength bytes.
func checkNew(pw string) error {
	switch n := utf8.RuneCountInString(pw); {
	case n < MinPasswordLength:
		return vigil.Errorf(vigil.EINVALID, "the new password has %d characters, fewer than %d", n, MinPasswordLength)
	case len(pw) > MaxPasswordLength:
		return vigil.Errorf(vigil.EINVALID, "the new password is longer than %d bytes", MaxPasswordLength)
	}
	return nil
}

// NewToken gives u a new API token and returns it, to be shown this once:
// only its hash is stored, and the old token stops working.
func NewToken(ctx context.Context, st store.Accounts, u *vigil.User) (string, error) {
	tok, err := account.NewSecret()
	if err != nil {
		return "", err
	}
	if err := st.SetToken(ctx, u.ID, account.HashToken(tok)); err != nil {
		return "", err
	}
	return tok, nil
}
