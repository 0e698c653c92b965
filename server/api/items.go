package api

import (
	"net/http"

	"vigil"
	"vigil/server/internal/reading"
)

// markReadRequest is the body of POST /api/items/read.
type markReadRequest struct {
	IDs  []int64 `json:"ids"`
	Read *bool   `json:"read"`
}

// Items lists items of the feeds the user follows, newest first.
func (s *Handlers) Items(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	q, err := reading.ItemQuery(r.URL.Query(), u.ID)
	if err != nil {
		return err
	}
	page, err := s.reading.ListItems(r.Context(), q)
	if err != nil {
		return err
	}
	s.auth.NoteReading(r.Context(), u.ID, q.FeedID) // ListItems has found the feed followed
	writeJSON(w, http.StatusOK, page)
	return nil
}

// Item returns one item, its HTML sanitised, and records that the user
// opened it (which marks it read).
func (s *Handlers) Item(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "item")
	if err != nil {
		return err
	}
	it, err := s.st.Item(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	if err := s.reading.OpenItem(r, u.ID, it); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.reading.SanitiseItem(*it))
	return nil
}

// MarkRead sets the read state of some of the user's items.
func (s *Handlers) MarkRead(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
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
	if req.Read == nil {
		return vigil.Errorf(vigil.EINVALID, "read is required (true or false)")
	}
	return reading.CheckItemIDs(req.IDs)
}
