package server

import (
	"net/http"

	"vigil"
	"vigil/account"
	"vigil/server/greader"
)

// readerAPI returns the Google Reader API handler over the server's store,
// logging in with the server's own checks.
func (s *Server) readerAPI() http.Handler {
	return greader.New(s.st, greader.Config{
		Login:       s.readerLogin,
		Sanitize:    s.sanitizer.Sanitize,
		OnSubscribe: s.onSubscribe,
		Now:         s.now,
		Logger:      s.log,
	})
}

// readerLogin accepts a user's name with their API token or their
// password: apps ask for "a password", and people may rather give them the
// token, which they can replace without changing their password. Failed
// attempts count towards the address's lockout either way.
func (s *Server) readerLogin(r *http.Request, name, secret string) (*vigil.User, error) {
	u, err := s.st.UserByToken(r.Context(), account.HashToken(secret))
	if err == nil && u.Name == name {
		return u, nil
	}
	if err != nil && vigil.ErrorCode(err) != vigil.ENOTFOUND {
		return nil, err
	}
	return s.passwordUser(r, name, secret)
}
