package api

import (
	"net/http"

	"vigil"
	"vigil/server/internal/accounts"
)

// passwordRequest is the body of PUT /api/me/password.
type passwordRequest struct {
	Current string `json:"current"`
	New     string `json:"new"`
}

// tokenAnswer is the answer of POST /api/me/token.
type tokenAnswer struct {
	Token string `json:"token"`
}

// SetPassword changes the user's password given the current one; the
// user's web sessions end.
func (s *Handlers) SetPassword(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req passwordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := accounts.ChangePassword(r.Context(), s.st, u, req.Current, req.New); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// NewToken gives the user a new API token, answered this once; the old
// token, perhaps the one of this request, stops working.
func (s *Handlers) NewToken(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	tok, err := accounts.NewToken(r.Context(), s.st, u)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, tokenAnswer{Token: tok})
	return nil
}
