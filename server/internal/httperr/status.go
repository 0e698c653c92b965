// Package httperr decides how vigil's HTTP faces answer an error: the JSON
// API, the web pages, the Google Reader API and the Fever API each write
// errors in their own format, but the status an error gets, and whether
// its message may be shown, is decided here and nowhere else.
package httperr

import (
	"errors"
	"log/slog"
	"net/http"

	"vigil"
)

// StatusError is an error that names its own HTTP status, such as a
// Refusal; its message is shown as it is.
type StatusError interface {
	error
	HTTPStatus() int
}

// Status maps an error to its HTTP status: a StatusError's own status,
// else the status of its vigil.Error code, else 500. This is the one place
// where that mapping lives.
func Status(err error) int {
	var se StatusError
	if errors.As(err, &se) {
		return se.HTTPStatus()
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
	default:
		return http.StatusInternalServerError
	}
}

// Explain returns the status and the message to show for err, logging the
// details of internal errors to log, which are never shown: a
// StatusError's own status and message, else a vigil.Error's status and
// message, else 500 and "internal error". what prefixes the log line
// ("server", "greader", "fever").
func Explain(log *slog.Logger, what string, r *http.Request, err error) (int, string) {
	var se StatusError
	if errors.As(err, &se) {
		return se.HTTPStatus(), se.Error()
	}
	status := Status(err)
	if status == http.StatusInternalServerError {
		log.Error(what+": request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	return status, vigil.ErrorMessage(err)
}
