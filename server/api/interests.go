package api

import (
	"net/http"

	"vigil"
)

// interestsRequest is the body of PUT /api/me/interests.
type interestsRequest struct {
	Text *string `json:"text"`
}

// SetInterests replaces the user's free-text interests and returns the
// user.
func (s *Handlers) SetInterests(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req interestsRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Text == nil {
		return vigil.Errorf(vigil.EINVALID, `text is required: your interests in words, or "" to clear them`)
	}
	if err := s.st.SetInterests(r.Context(), u.ID, *req.Text); err != nil {
		return err
	}
	u.Interests = *req.Text
	writeJSON(w, http.StatusOK, u)
	return nil
}
