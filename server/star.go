package server

import (
	"fmt"
	"net/http"
	"strconv"

	"vigil"
	"vigil/server/internal/reading"
)

// starButton is the data of the star button beside an item: a form that
// stars it, or unstars it when it is starred, and returns to Return.
type starButton struct {
	ID      int64
	Starred bool
	CSRF    string
	Return  string
}

// newStarButton returns the star button of it for a visitor with the CSRF
// token csrf on the page ret.
func newStarButton(it vigil.Item, csrf, ret string) starButton {
	return starButton{ID: it.ID, Starred: it.Starred, CSRF: csrf, Return: ret}
}

// starRequest is the body of POST /api/items/star.
type starRequest struct {
	IDs     []int64 `json:"ids"`
	Starred *bool   `json:"starred"`
}

// apiStar stars or unstars some of the user's items.
func (s *Server) apiStar(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
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

// starForm stars or unstars an item, as the form's "starred" field says,
// and returns to the page named by its "return" field, else to the item.
// Setting the state rather than toggling it makes a form sent twice
// harmless.
func (s *Server) starForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "item")
	if err != nil {
		return err
	}
	raw := r.PostFormValue("starred")
	starred, err := strconv.ParseBool(raw)
	if err != nil {
		return vigil.Errorf(vigil.EINVALID, "starred must be true or false, not %q", raw)
	}
	if err := s.st.StarItems(r.Context(), sess.User.ID, []int64{id}, starred); err != nil {
		return err
	}
	redirectBack(w, r, fmt.Sprintf("/items/%d", id))
	return nil
}
