package web

import (
	"net/http"
	"strings"

	"vigil"
)

// interestsView is the data of the interests page.
type interestsView struct {
	base
	Text  string // the interests shown in the form
	Error string // why the submitted text was refused
}

// InterestsPage shows the visitor's interests in a form to change them.
func (s *Handlers) InterestsPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	view := interestsView{base: sess.base("Interests"), Text: sess.User.Interests}
	s.render(w, r, http.StatusOK, "interests.html", view)
	return nil
}

// InterestsForm saves the visitor's interests, or shows the form again
// with the reason and what they typed.
func (s *Handlers) InterestsForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	// Browsers send a text area's line breaks as CRLF; one character each
	// is what the visitor typed and what the length limit should count.
	text := strings.ReplaceAll(r.PostFormValue("interests"), "\r\n", "\n")
	err := s.st.SetInterests(r.Context(), sess.User.ID, text)
	if vigil.ErrorCode(err) == vigil.EINVALID {
		view := interestsView{base: sess.base("Interests"), Text: text, Error: vigil.ErrorMessage(err)}
		s.render(w, r, http.StatusBadRequest, "interests.html", view)
		return nil
	}
	if err != nil {
		return err
	}
	s.setFlash(w, "Saved your interests.")
	http.Redirect(w, r, "/interests", http.StatusSeeOther)
	return nil
}
