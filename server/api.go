package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"time"

	"vigil"
)

// maxJSONBody bounds the size of an API request body.
const maxJSONBody = 1 << 20

// apiFunc is an API handler for an authenticated user; the error it returns
// is written as a JSON error.
type apiFunc func(w http.ResponseWriter, r *http.Request, u *vigil.User) error

// refusal is an error answered with its own HTTP status, for the refusals
// that no vigil.Error code stands for.
type refusal struct {
	status     int
	msg        string
	retryAfter time.Duration // sent as Retry-After when positive
}

// Error returns the message shown to the client.
func (e *refusal) Error() string { return e.msg }

// setRetryAfter tells the client, in whole seconds rounded up, when to try again.
func (e *refusal) setRetryAfter(w http.ResponseWriter) {
	if e.retryAfter > 0 {
		secs := (e.retryAfter + time.Second - 1) / time.Second
		w.Header().Set("Retry-After", strconv.FormatInt(int64(secs), 10))
	}
}

// api refuses cross-site and non-JSON requests, authenticates the request
// by token or password and runs h.
func (s *Server) api(h apiFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		var u *vigil.User
		err := checkAPIRequest(r)
		if err == nil {
			u, err = s.apiUser(r)
		}
		if err == nil {
			err = h(w, r, u)
		}
		if err != nil {
			s.writeAPIError(w, r, err)
		}
	}
}

// checkAPIRequest refuses what a web page on another site can make a
// browser send with the Basic credentials it cached: cross-origin requests
// that change state, and bodies not labelled JSON (an HTML form can post
// text/plain shaped like JSON without a CORS preflight).
func checkAPIRequest(r *http.Request) error {
	if err := new(http.CrossOriginProtection).Check(r); err != nil {
		return &refusal{status: http.StatusForbidden, msg: "cross-origin API request refused"}
	}
	if r.ContentLength == 0 {
		return nil
	}
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		msg := fmt.Sprintf("a request body must be sent with Content-Type application/json, not %q", ct)
		return &refusal{status: http.StatusUnsupportedMediaType, msg: msg}
	}
	return nil
}

// writeAPIError writes err as {"error": "..."} with its status, and the
// Bearer challenge when the status is 401. Basic credentials are accepted
// but not asked for, so that browsers never prompt for and cache them.
func (s *Server) writeAPIError(w http.ResponseWriter, r *http.Request, err error) {
	var ref *refusal
	if errors.As(err, &ref) {
		ref.setRetryAfter(w)
		writeJSON(w, ref.status, map[string]string{"error": ref.msg})
		return
	}
	status, msg := s.explain(r, err)
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="vigil"`)
	}
	writeJSON(w, status, map[string]string{"error": msg})
}

// writeJSON writes v as the JSON body of a response with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v) // an error here means the client went away
}

// decodeJSON reads the request body into v, refusing unknown fields, a
// second value and bodies over maxJSONBody.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxJSONBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return vigil.Errorf(vigil.EINVALID, "invalid JSON body: %s", jsonProblem(err))
	}
	if dec.More() {
		return vigil.Errorf(vigil.EINVALID, "invalid JSON body: more than one value")
	}
	return nil
}

// jsonProblem describes a decoding error in words fit for the client.
func jsonProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &typeErr):
		return fmt.Sprintf("field %q must be a %s", typeErr.Field, jsonKind(typeErr.Type))
	case errors.As(err, &tooBig):
		return fmt.Sprintf("body is larger than %d bytes", tooBig.Limit)
	default:
		return err.Error()
	}
}

// apiNoRoute answers API paths that match no endpoint.
func (s *Server) apiNoRoute(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	return vigil.Errorf(vigil.ENOTFOUND, "no API endpoint %s %s", r.Method, r.URL.Path)
}
