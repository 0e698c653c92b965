package httpauth

import (
	"net/http"
	"time"

	"vigil"
	"vigil/account"
)

// Session cookie settings; SessionCookie names the cookie.
const (
	SessionCookie   = "vigil_session"
	sessionLifetime = 30 * 24 * time.Hour
)

// Session is a signed-in web visitor: the user, the cookie's token and the
// CSRF token every form of theirs must carry.
type Session struct {
	// User is the signed-in user.
	User *vigil.User
	// CSRF is the token the visitor's forms carry in the CSRFField.
	CSRF  string
	token string
}

// Session returns the visitor's session from their cookie, or an
// EUNAUTHORIZED error when there is none or it has expired.
func (a *Auth) Session(r *http.Request) (*Session, error) {
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" {
		return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "not signed in")
	}
	u, err := a.st.SessionUser(r.Context(), account.HashToken(c.Value), a.now())
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		return nil, vigil.Errorf(vigil.EUNAUTHORIZED, "session expired")
	}
	if err != nil {
		return nil, err
	}
	return &Session{User: u, CSRF: a.csrfToken(c.Value), token: c.Value}, nil
}

// StartSession stores a new session for u and sets its cookie.
func (a *Auth) StartSession(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	tok, err := account.NewSecret()
	if err != nil {
		return err
	}
	expires := a.now().Add(sessionLifetime)
	if err := a.st.CreateSession(r.Context(), account.HashToken(tok), u.ID, expires); err != nil {
		return err
	}
	http.SetCookie(w, a.sessionCookie(tok, expires))
	return nil
}

// EndSession deletes the visitor's session and clears its cookie.
func (a *Auth) EndSession(w http.ResponseWriter, r *http.Request, sess *Session) error {
	if err := a.st.DeleteSession(r.Context(), account.HashToken(sess.token)); err != nil {
		return err
	}
	c := a.sessionCookie("", time.Unix(0, 0))
	c.MaxAge = -1
	http.SetCookie(w, c)
	return nil
}

// sessionCookie builds the session cookie carrying tok until expires.
func (a *Auth) sessionCookie(tok string, expires time.Time) *http.Cookie {
	return &http.Cookie{
		Name:     SessionCookie,
		Value:    tok,
		Path:     "/",
		Expires:  expires,
		MaxAge:   int(sessionLifetime / time.Second),
		HttpOnly: true,
		Secure:   a.secureCookies,
		SameSite: http.SameSiteLaxMode,
	}
}
