package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"vigil"
)

// maxJSONBody bounds the size of an API request body.
const maxJSONBody = 1 << 20

// apiFunc is an API handler for an authenticated user; the error it returns
// is written as a JSON error.
type apiFunc func(w http.ResponseWriter, r *http.Request, u *vigil.User) error

// api authenticates the request by token or password and runs h.
func (s *Server) api(h apiFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		u, err := s.apiUser(r)
		if err == nil {
			err = h(w, r, u)
		}
		if err != nil {
			s.writeAPIError(w, r, err)
		}
	}
}

// writeAPIError writes err as {"error": "..."} with its status, and the
// authentication challenges when the status is 401.
func (s *Server) writeAPIError(w http.ResponseWriter, r *http.Request, err error) {
	status, msg := s.explain(r, err)
	if status == http.StatusUnauthorized {
		w.Header().Add("WWW-Authenticate", `Bearer realm="vigil"`)
		w.Header().Add("WWW-Authenticate", `Basic realm="vigil", charset="UTF-8"`)
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
		return fmt.Sprintf("field %q must be a %s", typeErr.Field, typeErr.Type)
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
