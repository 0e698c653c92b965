package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
)

// csrfField is the name of the hidden form field carrying the CSRF token.
const csrfField = "csrf"

// csrfToken derives the CSRF token of a session: the HMAC-SHA256 of the
// session token under the per-process key, so that only this process can
// mint it and only for the visitor holding the cookie.
func (s *Server) csrfToken(sessionToken string) string {
	mac := hmac.New(sha256.New, s.csrfKey)
	mac.Write([]byte(sessionToken))
	return hex.EncodeToString(mac.Sum(nil))
}

// validCSRF reports whether a submitted token is the session's own.
func (s *Server) validCSRF(sess *session, submitted string) bool {
	return hmac.Equal([]byte(submitted), []byte(sess.CSRF))
}
