package server

import (
	"net/http"

	"vigil"
)

// apiMe returns the authenticated user.
func (s *Server) apiMe(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	writeJSON(w, http.StatusOK, u)
	return nil
}

// apiNotices lists the user's notices, newest first.
func (s *Server) apiNotices(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
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
