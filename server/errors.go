package server

import (
	"errors"
	"net/http"

	"vigil"
)

// statusOf maps an error to its HTTP status by its vigil.Error code; this
// is the one place where that mapping lives.
func statusOf(err error) int {
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

// explain returns the status and the message to show for err, logging the
// details of internal errors, which are never shown: a refusal's own
// status and message, else a vigil.Error's status and message, else 500
// and "internal error". It is the one place that turns errors into what
// the API and the pages answer.
func (s *Server) explain(r *http.Request, err error) (int, string) {
	var ref *refusal
	if errors.As(err, &ref) {
		return ref.status, ref.msg
	}
	status := statusOf(err)
	if status == http.StatusInternalServerError {
		s.log.Error("server: request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	return status, vigil.ErrorMessage(err)
}
