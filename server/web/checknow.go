package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"vigil/server/internal/reading"
)

// retryAtError is a refusal that says when to ask again (a check asked for
// too soon).
type retryAtError interface {
	error
	RetryAt() time.Time
}

// CheckNowForm fetches one of the visitor's feeds or pages now and tells
// what came, or why it was refused, on its view.
func (s *Handlers) CheckNowForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	_, pageErr := s.st.Page(r.Context(), id)
	back := fmt.Sprintf("/feeds/%d", id)
	if pageErr == nil {
		back = fmt.Sprintf("/pages/%d", id)
	}
	res, err := s.reading.CheckNow(r.Context(), sess.User.ID, id)
	var refused retryAtError
	switch {
	case errors.As(err, &refused):
		s.setFlash(w, "Not checked now: "+refusalReason(refused))
	case err != nil:
		return err
	default:
		s.setFlash(w, res.Words(pageErr == nil))
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
	return nil
}

// refusalReason is a refusal's message without its "not checked now: "
// prefix, which the flash says already.
func refusalReason(err error) string {
	msg, _ := strings.CutPrefix(err.Error(), "not checked now: ")
	return msg
}
