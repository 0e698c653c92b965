package httpauth

import (
	"crypto/md5"
	"encoding/hex"
	"net/http"
	"strings"

	"vigil"
	"vigil/account"
)

// ReaderLogin accepts a user's name with their API token or their
// password, for the Google Reader API: apps ask for "a password", and
// people may rather give them the token, which they can replace without
// changing their password. Failed attempts count towards the address's
// lockout either way.
func (a *Auth) ReaderLogin(r *http.Request, name, secret string) (*vigil.User, error) {
	u, err := a.st.UserByToken(r.Context(), account.HashToken(secret))
	if err == nil && u.Name == name {
		return u, nil
	}
	if err != nil && vigil.ErrorCode(err) != vigil.ENOTFOUND {
		return nil, err
	}
	return a.PasswordUser(r, name, secret)
}

// FeverLogin returns the user whose Fever key is apiKey. Unknown keys
// count towards the address's lockout, as failed passwords do.
func (a *Auth) FeverLogin(r *http.Request, apiKey string) (*vigil.User, error) {
	addr, now := a.clientAddr(r), a.now()
	if wait := a.failures.lockedFor(addr, feverName, now); wait > 0 {
		return nil, tooManyFailures(wait)
	}
	u, err := a.st.UserByFeverKey(r.Context(), FeverKeyHash(apiKey))
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		a.failures.fail(addr, feverName, now)
		return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "unknown Fever key")
	}
	return u, err
}

// FeverKeyHash is the stored form of a Fever key: the SHA-256 of the hex
// md5 in lower case; "" for an empty key, which matches no one.
func FeverKeyHash(apiKey string) string {
	apiKey = strings.ToLower(strings.TrimSpace(apiKey))
	if apiKey == "" {
		return ""
	}
	return account.HashToken(apiKey)
}

// FeverKey is the key a Fever client derives from a user name and
// password: the hex md5 of "name:password".
func FeverKey(name, password string) string {
	sum := md5.Sum([]byte(name + ":" + password))
	return hex.EncodeToString(sum[:])
}

// feverName is the user name Fever logins count their failures under: a
// Fever key names no user, so unknown keys from one address are counted
// together, apart from any user's failed passwords.
const feverName = ""
