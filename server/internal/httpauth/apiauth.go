package httpauth

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"vigil"
	"vigil/account"
	"vigil/server/internal/httperr"
)

// dummyDigest is a well-formed digest that no password matches; checking
// against it when a name is unknown makes a failed login take as long
// whether or not the name exists.
var dummyDigest = strings.Join([]string{
	"pbkdf2-sha256",
	strconv.Itoa(account.DefaultIterations),
	base64.RawStdEncoding.EncodeToString(make([]byte, 16)),
	base64.RawStdEncoding.EncodeToString(make([]byte, 32)),
}, "$")

// APIUser authenticates an API request by "Authorization: Bearer <token>"
// or HTTP Basic name and password.
func (a *Auth) APIUser(r *http.Request) (*vigil.User, error) {
	auth := r.Header.Get("Authorization")
	if tok, ok := strings.CutPrefix(auth, "Bearer "); ok {
		return a.tokenUser(r, strings.TrimSpace(tok))
	}
	if name, pw, ok := r.BasicAuth(); ok {
		return a.PasswordUser(r, name, pw)
	}
	if auth != "" {
		return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "unsupported Authorization scheme; use Bearer or Basic")
	}
	return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "authentication required: send a Bearer token or Basic credentials")
}

// tokenUser returns the owner of an API token.
func (a *Auth) tokenUser(r *http.Request, tok string) (*vigil.User, error) {
	if tok == "" {
		return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "empty API token")
	}
	u, err := a.st.UserByToken(r.Context(), account.HashToken(tok))
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "invalid API token")
	}
	return u, err
}

// PasswordUser returns the user with that name if pw is their password. A
// client address that failed too often for that name (or for all names) is
// refused for a while without a check, unless that user has logged in
// from it before (see failureLimiter); a correct password is remembered for a few minutes, so that
// repeated requests do not each pay for the slow derivation.
func (a *Auth) PasswordUser(r *http.Request, name, pw string) (*vigil.User, error) {
	addr, now := a.clientAddr(r), a.now()
	if wait := a.failures.lockedFor(addr, name, now); wait > 0 {
		return nil, tooManyFailures(wait)
	}
	u, err := a.checkPassword(r, name, pw, now)
	switch {
	case vigil.ErrorCode(err) == vigil.EUNAUTHORIZED:
		a.failures.fail(addr, name, now)
	case err == nil:
		a.failures.succeed(addr, name, now)
	}
	return u, err
}

// checkPassword returns the user with that name if pw is their password,
// trusting a recent successful check of the same pair.
func (a *Auth) checkPassword(r *http.Request, name, pw string, now time.Time) (*vigil.User, error) {
	key := verificationKey(name, pw)
	u, err := a.st.UserByName(r.Context(), name)
	switch {
	case vigil.ErrorCode(err) == vigil.ENOTFOUND:
		account.CheckPassword(dummyDigest, pw)
		return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "wrong name or password")
	case err != nil:
		return nil, err
	case a.verified.holds(key, u, now):
		return u, nil
	case !account.CheckPassword(u.PasswordHash, pw):
		return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "wrong name or password")
	}
	a.verified.add(key, u, now)
	return u, nil
}

// tooManyFailures is the refusal of a login from an address locked out for
// another wait.
func tooManyFailures(wait time.Duration) *httperr.Refusal {
	return &httperr.Refusal{
		Status:     http.StatusTooManyRequests,
		Msg:        fmt.Sprintf("too many failed logins from your address or for this account; try again in %s", wait.Round(time.Second)),
		RetryAfter: wait,
	}
}
