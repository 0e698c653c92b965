package httperr

import (
	"net/http"
	"strconv"
	"time"
)

// Refusal is an error answered with its own HTTP status, for the refusals
// that no vigil.Error code stands for.
type Refusal struct {
	// Status is the HTTP status the refusal is answered with.
	Status int
	// Msg is the message shown to the client.
	Msg string
	// RetryAfter, when positive, is sent as Retry-After.
	RetryAfter time.Duration
}

// Error returns the message shown to the client.
func (e *Refusal) Error() string { return e.Msg }

// HTTPStatus is the status the refusal is answered with.
func (e *Refusal) HTTPStatus() int { return e.Status }

// SetRetryAfter tells the client, in whole seconds rounded up, when to try
// again, if the refusal says.
func (e *Refusal) SetRetryAfter(w http.ResponseWriter) {
	if e.RetryAfter > 0 {
		secs := (e.RetryAfter + time.Second - 1) / time.Second
		w.Header().Set("Retry-After", strconv.FormatInt(int64(secs), 10))
	}
}
