package web

import (
	"encoding/base64"
	"net/http"
	"unicode/utf8"
)

// Flash cookie settings: a one-time message shown on the next page, such as
// the confirmation of an unsubscription.
const (
	flashCookie   = "vigil_flash"
	flashLifetime = 60 // seconds
	maxFlashBytes = 400
)

// setFlash leaves msg for the next page the visitor reads.
func (s *Handlers) setFlash(w http.ResponseWriter, msg string) {
	for len(msg) > maxFlashBytes {
		_, size := utf8.DecodeLastRuneInString(msg)
		msg = msg[:len(msg)-size]
	}
	http.SetCookie(w, s.flashCookie(base64.RawURLEncoding.EncodeToString([]byte(msg)), flashLifetime))
}

// takeFlash returns the message left for this page, if any, and clears it
// so that it is shown once.
func (s *Handlers) takeFlash(w http.ResponseWriter, r *http.Request) string {
	c, err := r.Cookie(flashCookie)
	if err != nil {
		return ""
	}
	http.SetCookie(w, s.flashCookie("", -1))
	msg, err := base64.RawURLEncoding.DecodeString(c.Value)
	if err != nil || len(msg) > maxFlashBytes || !utf8.Valid(msg) {
		return ""
	}
	return string(msg)
}

// flashCookie builds the flash cookie carrying value for maxAge seconds;
// a negative maxAge deletes it.
func (s *Handlers) flashCookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{
		Name:     flashCookie,
		Value:    value,
		Path:     "/",
		MaxAge:   maxAge,
		HttpOnly: true,
		Secure:   s.secureCookies,
		SameSite: http.SameSiteLaxMode,
	}
}
