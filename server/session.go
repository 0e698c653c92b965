package server

import (
	"net/http"
	"time"

	"vigil"
	"vigil/account"
)

// Session cookie settings.
const (
	sessionCookie   = "vigil_session"
	sessionLifetime = 30 * 24 * time.Hour
)

// session is a signed-in web visitor: the user, the cookie's token, the
// CSRF token every form of theirs must carry and the flash message left
// for the page they are reading.
type session struct {
	User  *vigil.User
	CSRF  string
	Flash string
	token string
	// Updates is set when the Updates folder has something new worth a
	// look (its flag in the header).
	Updates bool
	// Sidebar holds the visitor's subscriptions for the pages' sidebar;
	// loaded for pages to read.
	Sidebar []vigil.Subscription
}

// session returns the visitor's session from their cookie, or an
// EUNAUTHORIZED error when there is none or it has expired.
func (s *Server) session(r *http.Request) (*session, error) {
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "not signed in")
	}
	u, err := s.st.SessionUser(r.Context(), account.HashToken(c.Value), s.now())
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "session expired")
	}
	if err != nil {
		return nil, err
	}
	return &session{User: u, CSRF: s.csrfToken(c.Value), token: c.Value}, nil
}

// startSession stores a new session for u and sets its cookie.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	tok, err := account.NewSecret()
	if err != nil {
		return err
	}
	expires := s.now().Add(sessionLifetime)
	if err := s.st.CreateSession(r.Context(), account.HashToken(tok), u.ID, expires); err != nil {
		return err
	}
	http.SetCookie(w, s.sessionCookie(tok, expires))
	return nil
}

// endSession deletes the visitor's session and clears its cookie.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request, sess *session) error {
	if err := s.st.DeleteSession(r.Context(), account.HashToken(sess.token)); err != nil {
		return err
	}
	c := s.sessionCookie("", time.Unix(0, 0))
	c.MaxAge = -1
	http.SetCookie(w, c)
	return nil
}

// sessionCookie builds the session cookie carrying tok until expires.
func (s *Server) sessionCookie(tok string, expires time.Time) *http.Cookie {
	return &http.Cookie{
		Name:     sessionCookie,
		Value:    tok,
		Path:     "/",
		Expires:  expires,
		MaxAge:   int(sessionLifetime / time.Second),
		HttpOnly: true,
		Secure:   s.secureCookies,
		SameSite: http.SameSiteLaxMode,
	}
}
