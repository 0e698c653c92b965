package server

import (
	"crypto/md5"
	"encoding/hex"
	"net/http"
	"strings"
	"unicode/utf8"

	"vigil"
	"vigil/account"
	"vigil/server/fever"
)

// minFeverPassword is the shortest Fever password accepted, in characters.
const minFeverPassword = 10

// feverAPI returns the Fever API handler over the server's store.
func (s *Server) feverAPI() http.Handler {
	return fever.New(s.st, fever.Config{
		Login:    s.feverLogin,
		Sanitize: s.sanitizer.Sanitize,
		Now:      s.now,
		Logger:   s.log,
	})
}

// feverLogin returns the user whose Fever key is apiKey. Unknown keys count
// towards the address's lockout, as failed passwords do.
func (s *Server) feverLogin(r *http.Request, apiKey string) (*vigil.User, error) {
	addr, now := clientAddr(r), s.now()
	if wait := s.failures.lockedFor(addr, feverName, now); wait > 0 {
		return nil, tooManyFailures(wait)
	}
	u, err := s.st.UserByFeverKey(r.Context(), feverKeyHash(apiKey))
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		s.failures.fail(addr, feverName, now)
		return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "unknown Fever key")
	}
	return u, err
}

// feverKeyHash is the stored form of a Fever key: the SHA-256 of the hex
// md5 in lower case; "" for an empty key, which matches no one.
func feverKeyHash(apiKey string) string {
	apiKey = strings.ToLower(strings.TrimSpace(apiKey))
	if apiKey == "" {
		return ""
	}
	return account.HashToken(apiKey)
}

// feverKey is the key a Fever client derives from a user name and
// password: the hex md5 of "name:password".
func feverKey(name, password string) string {
	sum := md5.Sum([]byte(name + ":" + password))
	return hex.EncodeToString(sum[:])
}

// feverRequest is the body of PUT /api/me/fever.
type feverRequest struct {
	Password string `json:"password"`
}

// apiSetFeverPassword sets the password the user gives Fever clients (not
// their account password; see package fever).
func (s *Server) apiSetFeverPassword(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req feverRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if utf8.RuneCountInString(req.Password) < minFeverPassword {
		return vigil.Errorf(vigil.EINVALID, "password must have at least %d characters", minFeverPassword)
	}
	if account.CheckPassword(u.PasswordHash, req.Password) {
		return vigil.Errorf(vigil.EINVALID, "password must not be your account password: Fever clients send it as an unsalted md5")
	}
	if err := s.st.SetFeverKey(r.Context(), u.ID, feverKeyHash(feverKey(u.Name, req.Password))); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// apiDeleteFeverPassword turns the user's Fever access off.
func (s *Server) apiDeleteFeverPassword(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	if err := s.st.SetFeverKey(r.Context(), u.ID, ""); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// feverName is the user name Fever logins count their failures under: a
// Fever key names no user, so unknown keys from one address are counted
// together, apart from any user's failed passwords.
const feverName = ""
