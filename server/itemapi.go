package server

import (
	"net/http"

	"vigil"
)

// maxMarkIDs bounds how many items one read-state request may change.
const maxMarkIDs = 1000

// markReadRequest is the body of POST /api/items/read.
type markReadRequest struct {
	IDs  []int64 `json:"ids"`
	Read *bool   `json:"read"`
}

// apiItems lists items of the feeds the user follows, newest first.
func (s *Server) apiItems(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	q, err := itemQuery(r.URL.Query(), u.ID)
	if err != nil {
		return err
	}
	s.noteAccess(r.Context(), u.ID)
	page, err := s.listItems(r.Context(), q)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, page)
	return nil
}

// apiItem returns one item, its HTML sanitised.
func (s *Server) apiItem(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := pathID(r, "item")
	if err != nil {
		return err
	}
	it, err := s.st.Item(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.sanitiseItem(*it))
	return nil
}

// apiMarkRead sets the read state of some of the user's items.
func (s *Server) apiMarkRead(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req markReadRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := checkMarkRequest(req); err != nil {
		return err
	}
	if err := s.st.MarkRead(r.Context(), u.ID, req.IDs, *req.Read); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// checkMarkRequest validates the ids and read fields of a read-state change.
func checkMarkRequest(req markReadRequest) error {
	switch {
	case req.Read == nil:
		return vigil.Errorf(vigil.EINVALID, "read is required (true or false)")
	case len(req.IDs) == 0:
		return vigil.Errorf(vigil.EINVALID, "ids must list at least one item id")
	case len(req.IDs) > maxMarkIDs:
		return vigil.Errorf(vigil.EINVALID, "ids lists %d items; at most %d at once", len(req.IDs), maxMarkIDs)
	}
	for _, id := range req.IDs {
		if id <= 0 {
			return vigil.Errorf(vigil.EINVALID, "ids holds %d, not a valid item id", id)
		}
	}
	return nil
}
