package fever

import (
	"net/http"

	"vigil"
)

// statusError is an error that names its own HTTP status, such as the
// server's refusal of an address that failed too often.
type statusError interface {
	error
	HTTPStatus() int
}

// status maps an error to its HTTP status by its vigil.Error code.
func status(err error) int {
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
	return http.StatusInternalServerError
}
