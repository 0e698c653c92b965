package api

import (
	"net/http"
	"unicode/utf8"

	"vigil"
	"vigil/account"
	"vigil/server/internal/httpauth"
)

// minFeverPassword is the shortest Fever password accepted, in characters.
const minFeverPassword = 10

// feverRequest is the body of PUT /api/me/fever.
type feverRequest struct {
	Password string `json:"password"`
}

// SetFeverPassword sets the password the user gives Fever clients (not
// their account password; see package fever).
func (s *Handlers) SetFeverPassword(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req feverRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if utf8.RuneCountInString(req.Password) < minFeverPassword {
		return vigil.Errorf(vigil.EINVALID, "password must have at least %d characters", minFeverPassword)
	}
	if account.CheckPassword(u.PasswordHash, req.Password) {
		return vigil.Errorf(vigil.EINVALID, "password must not be your account password: Fever clients send it as an unsalted md5")
	}
	if err := s.st.SetFeverKey(r.Context(), u.ID, httpauth.FeverKeyHash(httpauth.FeverKey(u.Name, req.Password))); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// DeleteFeverPassword turns the user's Fever access off.
func (s *Handlers) DeleteFeverPassword(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	if err := s.st.SetFeverKey(r.Context(), u.ID, ""); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
