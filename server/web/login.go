package web

import (
	"cmp"
	"errors"
	"net/http"

	"vigil"
	"vigil/server/internal/httperr"
)

// loginView is the data of the login page.
type loginView struct {
	base
	Name  string
	Error string
	Next  string // the local page to go to after logging in
}

// LoginForm shows the login page, or sends a signed-in visitor on to the
// page named by the "next" parameter, else home.
func (s *Handlers) LoginForm(w http.ResponseWriter, r *http.Request) {
	next := localPath(r.URL.Query().Get("next"))
	if _, err := s.auth.Session(r); err == nil {
		http.Redirect(w, r, cmp.Or(next, "/"), http.StatusSeeOther)
		return
	}
	s.render(w, r, http.StatusOK, "login.html", loginView{base: base{Title: "Log in"}, Next: next})
}

// Login checks a name and password, starts a session and sends the
// visitor to the local page named by the form's "next" field, else home.
func (s *Handlers) Login(w http.ResponseWriter, r *http.Request) {
	if err := new(http.CrossOriginProtection).Check(r); err != nil {
		s.renderStatus(w, r, nil, http.StatusForbidden, "cross-origin login refused")
		return
	}
	if err := parseForm(w, r); err != nil {
		s.renderError(w, r, nil, err)
		return
	}
	name, next := r.PostFormValue("name"), localPath(r.PostFormValue("next"))
	u, err := s.auth.PasswordUser(r, name, r.PostFormValue("password"))
	if err == nil {
		err = s.auth.StartSession(w, r, u)
	}
	var ref *httperr.Refusal
	switch {
	case errors.As(err, &ref):
		ref.SetRetryAfter(w)
		view := loginView{base: base{Title: "Log in"}, Name: name, Error: ref.Msg, Next: next}
		s.render(w, r, ref.Status, "login.html", view)
	case vigil.ErrorCode(err) == vigil.EUNAUTHORIZED:
		view := loginView{base: base{Title: "Log in"}, Name: name, Error: vigil.ErrorMessage(err), Next: next}
		s.render(w, r, http.StatusUnauthorized, "login.html", view)
	case err != nil:
		s.renderError(w, r, nil, err)
	default:
		http.Redirect(w, r, cmp.Or(next, "/"), http.StatusSeeOther)
	}
}

// Logout ends the visitor's session.
func (s *Handlers) Logout(w http.ResponseWriter, r *http.Request, sess *session) error {
	if err := s.auth.EndSession(w, r, sess.Session); err != nil {
		return err
	}
	http.Redirect(w, r, "/login", http.StatusSeeOther)
	return nil
}
