package api

import (
	"net/http"

	"vigil"
)

// Me returns the authenticated user.
func (s *Handlers) Me(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	writeJSON(w, http.StatusOK, u)
	return nil
}

// Notices lists the user's notices, newest first.
func (s *Handlers) Notices(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	notices, err := s.st.Notices(r.Context(), u.ID)
	if err != nil {
		return err
	}
	if notices == nil {
		notices = []vigil.Notice{}
	}
	writeJSON(w, http.StatusOK, notices)
	return nil
}
