package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"

	"vigil"
	"vigil/server/internal/httperr"
)

// maxJSONBody bounds the size of an API request body.
const maxJSONBody = 1 << 20

// Func is an API handler for an authenticated user; the error it returns
// is written as a JSON error.
type Func func(w http.ResponseWriter, r *http.Request, u *vigil.User) error

// JSON refuses cross-site and non-JSON requests, authenticates the request
// by token or password and runs h.
func (s *Handlers) JSON(h Func) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		var u *vigil.User
		err := checkAPIRequest(r)
		if err == nil {
			u, err = s.auth.APIUser(r)
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
		return &httperr.Refusal{Status: http.StatusForbidden, Msg: "cross-origin API request refused"}
	}
	if r.ContentLength == 0 {
		return nil
	}
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		msg := fmt.Sprintf("a request body must be sent with Content-Type application/json, not %q", ct)
		return &httperr.Refusal{Status: http.StatusUnsupportedMediaType, Msg: msg}
	}
	return nil
}

// writeAPIError writes err as {"error": "..."} with its status, and the
// Bearer challenge when the status is 401. Basic credentials are accepted
// but not asked for, so that browsers never prompt for and cache them.
func (s *Handlers) writeAPIError(w http.ResponseWriter, r *http.Request, err error) {
	var ref *httperr.Refusal
	if errors.As(err, &ref) {
		ref.SetRetryAfter(w)
	}
	status, msg := httperr.Explain(s.log, "server", r, err)
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
		return vigil.Errorf(vigil.EINVALID, "body: %s", jsonProblem(err))
	}
	if dec.More() {
		return vigil.Errorf(vigil.EINVALID, "body: more than one JSON value")
	}
	return nil
}

// NoRoute answers API paths that match no endpoint.
func (s *Handlers) NoRoute(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	return vigil.Errorf(vigil.ENOTFOUND, "no API endpoint %s %s", r.Method, r.URL.Path)
}
