package web

import (
	"fmt"
	"net/http"

	"vigil"
	"vigil/server/internal/reading"
)

// readButton is the data of an item's "mark read"/"mark unread" form.
type readButton struct {
	ID     int64
	Read   bool
	CSRF   string
	Return string
}

// readToggle returns the read toggle of it for a visitor with the CSRF
// token csrf on the page ret.
func readToggle(it vigil.Item, csrf, ret string) readButton {
	return readButton{ID: it.ID, Read: it.Read, CSRF: csrf, Return: ret}
}

// ReadForm marks one item read and goes back to the listing it came from.
func (s *Handlers) ReadForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "item")
	if err != nil {
		return err
	}
	if err := s.st.MarkRead(r.Context(), sess.User.ID, []int64{id}, true); err != nil {
		return err
	}
	redirectBack(w, r, fmt.Sprintf("/items/%d", id))
	return nil
}
