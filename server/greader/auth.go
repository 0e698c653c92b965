package greader

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"

	"vigil"
	"vigil/account"
)

// SessionLifetime is how long an Auth token from ClientLogin stays valid.
// Google's lasted about two weeks; reader apps log in again on a 401, but
// some only when asked by their user, so vigil keeps them for 90 days.
const SessionLifetime = 90 * 24 * time.Hour

// userFunc is an endpoint for an authenticated user; auth is the session's
// Auth token, from which the T token derives.
type userFunc func(w http.ResponseWriter, r *http.Request, u *vigil.User, auth string) error

// clientLogin checks Email (the user's name) and Passwd (their password or
// API token) and answers the SID, LSID and Auth lines, or 401 with
// Error=BadAuthentication.
func (h *Handler) clientLogin(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		h.fail(w, r, vigil.Errorf(vigil.EINVALID, "unreadable login form: %v", err))
		return
	}
	name, secret := r.Form.Get("Email"), r.Form.Get("Passwd")
	if name == "" || secret == "" {
		h.fail(w, r, vigil.Errorf(vigil.EINVALID, "Email (the user name) and Passwd (password or API token) are required"))
		return
	}
	u, err := h.cfg.Login(r, name, secret)
	if vigil.ErrorCode(err) == vigil.EUNAUTHORIZED {
		writeText(w, http.StatusUnauthorized, "Error=BadAuthentication")
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	auth, err := h.newSession(r, u)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if r.Form.Get("output") == "json" {
		writeJSON(w, map[string]string{"SID": auth, "LSID": auth, "Auth": auth})
		return
	}
	writeText(w, http.StatusOK, fmt.Sprintf("SID=%s\nLSID=%s\nAuth=%s\n", auth, auth, auth))
}

// newSession stores a new Auth token for u and returns it. The token is
// prefixed with the user's name, as FreshRSS's are, which helps people
// reading logs; only its hash is stored.
func (h *Handler) newSession(r *http.Request, u *vigil.User) (string, error) {
	secret, err := account.NewSecret()
	if err != nil {
		return "", err
	}
	auth := u.Name + "/" + secret
	expires := h.cfg.Now().Add(SessionLifetime)
	if err := h.st.CreateSession(r.Context(), sessionHash(auth), u.ID, expires); err != nil {
		return "", err
	}
	return auth, nil
}

// sessionHash is the stored hash of an Auth token. The prefix keeps the
// API's tokens and the web's session cookies apart although they share a
// table: neither works in place of the other.
func sessionHash(auth string) string {
	return account.HashToken("greader\x00" + auth)
}

// authed authenticates a request by "Authorization: GoogleLogin auth=..."
// and runs f.
func (h *Handler) authed(f userFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		auth, ok := authToken(r)
		if !ok {
			h.fail(w, r, vigil.Errorf(vigil.EUNAUTHORIZED, "send Authorization: GoogleLogin auth=TOKEN, from /accounts/ClientLogin"))
			return
		}
		u, err := h.st.SessionUser(r.Context(), sessionHash(auth), h.cfg.Now())
		if vigil.ErrorCode(err) == vigil.ENOTFOUND {
			err = vigil.Errorf(vigil.EUNAUTHORIZED, "the Auth token is unknown or expired; log in again")
		}
		if err == nil {
			err = f(w, r, u, auth)
		}
		if err != nil {
			h.fail(w, r, err)
		}
	}
}

// authToken reads the Auth token of the GoogleLogin scheme.
func authToken(r *http.Request) (string, bool) {
	scheme, params, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if !ok || !strings.EqualFold(scheme, "GoogleLogin") {
		return "", false
	}
	tok, ok := strings.CutPrefix(strings.TrimSpace(params), "auth=")
	return tok, ok && tok != ""
}

// posted parses a POST's form and checks its T token, when the client
// sends one, against the session's; the Authorization header, which a web
// page cannot make a browser send, is what protects against cross-site
// requests, so a missing T is accepted as Miniflux accepts it.
func (h *Handler) posted(f userFunc) userFunc {
	return func(w http.ResponseWriter, r *http.Request, u *vigil.User, auth string) error {
		r.Body = http.MaxBytesReader(w, r.Body, maxForm)
		if err := r.ParseForm(); err != nil {
			return vigil.Errorf(vigil.EINVALID, "unreadable form: %v", err)
		}
		if t := r.Form.Get("T"); t != "" && subtle.ConstantTimeCompare([]byte(t), []byte(editToken(auth))) != 1 {
			return badToken
		}
		return f(w, r, u, auth)
	}
}

// maxForm bounds a POSTed form, in bytes.
const maxForm = 4 << 20

// editToken is the T token of a session: 57 characters, as Google's were,
// derived from the Auth token so that it needs no storage.
func editToken(auth string) string {
	sum := sha256.Sum256([]byte("greader-T\x00" + auth))
	return strings.ToUpper(hex.EncodeToString(sum[:]))[:57]
}

// token answers the session's T token.
func (h *Handler) token(w http.ResponseWriter, r *http.Request, u *vigil.User, auth string) error {
	writeText(w, http.StatusOK, editToken(auth))
	return nil
}

// userInfo describes the authenticated user.
func (h *Handler) userInfo(w http.ResponseWriter, r *http.Request, u *vigil.User, auth string) error {
	id := fmt.Sprint(u.ID)
	writeJSON(w, map[string]any{
		"userId": id, "userName": u.Name, "userProfileId": id, "userEmail": "",
		"isBloggerUser": false, "signupTimeSec": u.CreatedAt.Unix(), "isMultiLoginEnabled": false,
	})
	return nil
}
