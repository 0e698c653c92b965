package httpauth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
)

// CSRFField is the name of the hidden form field carrying the CSRF token.
const CSRFField = "csrf"

// csrfToken derives the CSRF token of a session: the HMAC-SHA256 of the
// session token under the per-process key, so that only this process can
// mint it and only for the visitor holding the cookie.
func (a *Auth) csrfToken(sessionToken string) string {
	mac := hmac.New(sha256.New, a.csrfKey)
	mac.Write([]byte(sessionToken))
	return hex.EncodeToString(mac.Sum(nil))
}

// ValidCSRF reports whether a submitted token is the session's own.
func (sess *Session) ValidCSRF(submitted string) bool {
	return hmac.Equal([]byte(submitted), []byte(sess.CSRF))
}
