package vigil

import (
	"errors"
	"fmt"
)

// Error codes shared by every layer; the server maps them to HTTP statuses.
const (
	ECONFLICT     = "conflict"
	EINTERNAL     = "internal"
	EINVALID      = "invalid"
	ENOTFOUND     = "not_found"
	EUNAUTHORIZED = "unauthorized"
)

// Error is an application error with a machine-readable code and a message
// fit to show to a person.
type Error struct {
	Code    string
	Message string
}

// Error implements the error interface.
func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Errorf returns an *Error with the given code and formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL for
// any other non-nil error, and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the message of the first *Error in err's chain, or a
// generic text for other errors so that internals are not shown to users.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "internal error"
}
