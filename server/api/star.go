package api

import (
	"net/http"

	"vigil"
	"vigil/server/internal/reading"
)

// starRequest is the body of POST /api/items/star.
type starRequest struct {
	IDs     []int64 `json:"ids"`
	Starred *bool   `json:"starred"`
}

// Star stars or unstars some of the user's items.
func (s *Handlers) Star(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req starRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if req.Starred == nil {
		return vigil.Errorf(vigil.EINVALID, "starred is required (true or false)")
	}
	if err := reading.CheckItemIDs(req.IDs); err != nil {
		return err
	}
	if err := s.st.StarItems(r.Context(), u.ID, req.IDs, *req.Starred); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
