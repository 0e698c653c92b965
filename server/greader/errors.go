package greader

import (
	"errors"
	"net/http"

	"vigil"
)

// badToken is the refusal of a POST whose T token does not belong to the
// session; clients fetch a new one from /reader/api/0/token and retry.
var badToken = errors.New("greader: the T token does not match the session")

// status maps an error to its HTTP status by its vigil.Error code.
func status(err error) int {
	if errors.Is(err, badToken) {
		return http.StatusUnauthorized
	}
	switch vigil.ErrorCode(err) {
	case vigil.EINVALID:
		return http.StatusBadRequest
	case vigil.EUNAUTHORIZED:
		return http.StatusUnauthorized
	case vigil.ENOTFOUND:
		return http.StatusNotFound
	case vigil.ECONFLICT:
		return http.StatusConflict
	}
	var se statusError
	if errors.As(err, &se) {
		return se.HTTPStatus()
	}
	return http.StatusInternalServerError
}

// statusError is an error that names its own HTTP status, such as the
// server's refusal of an address that failed to log in too often; its
// message is shown as it is.
type statusError interface {
	error
	HTTPStatus() int
}

// fail answers err as plain text, as the Google Reader API does; internal
// errors are logged and not shown.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	code, msg := status(err), vigil.ErrorMessage(err)
	var se statusError
	switch {
	case errors.Is(err, badToken):
		w.Header().Set("X-Reader-Google-Bad-Token", "true")
		msg = "the T token does not match the session; fetch a new one"
	case errors.As(err, &se):
		msg = se.Error()
	case code == http.StatusInternalServerError:
		h.cfg.Logger.Error("greader: request failed", "method", r.Method, "path", r.URL.Path, "err", err)
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
