package greader

import (
	"errors"
	"net/http"

	"vigil/server/internal/httperr"
)

// badToken is the refusal of a POST whose T token does not belong to the
// session; clients fetch a new one from /reader/api/0/token and retry.
var badToken = &httperr.Refusal{Status: http.StatusUnauthorized, Msg: "the T token does not match the session; fetch a new one"}

// fail answers err as plain text, as the Google Reader API does, with the
// status httperr decides; internal errors are logged and not shown.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	code, msg := httperr.Explain(h.cfg.Logger, "greader", r, err)
	if errors.Is(err, badToken) {
		w.Header().Set("X-Reader-Google-Bad-Token", "true")
	}
	if code == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", "GoogleLogin")
	}
	writeText(w, code, msg)
}

// writeText writes a plain-text response.
func writeText(w http.ResponseWriter, code int, text string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(code)
	w.Write([]byte(text))
}
