package web

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

// StarForm stars or unstars an item, as the form's "starred" field says,
// and returns to the page named by its "return" field, else to the item.
// Setting the state rather than toggling it makes a form sent twice
// harmless.
func (s *Handlers) StarForm(w http.ResponseWriter, r *http.Request, sess *session) error {
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
