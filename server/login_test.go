package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"vigil/server/internal/httpauth"
)

func TestWebRedirectsStrangersToLogin(t *testing.T) {
	e := newEnv(t, Config{})
	b := e.browser()
	for path, want := range map[string]string{
		"/":               "/login",
		"/items":          "/login?next=%2Fitems",
		"/items?unread=1": "/login?next=%2Fitems%3Funread%3D1",
		"/items/1":        "/login?next=%2Fitems%2F1",
		"/feeds/1":        "/login?next=%2Ffeeds%2F1",
	} {
		status, loc, _ := b.get(path)
		if status != http.StatusSeeOther || loc != want {
			t.Errorf("GET %s without a session: status %d, Location %q; want 303 to %s", path, status, loc, want)
		}
	}
	status, loc, _ := b.post("/feeds", url.Values{"url": {"https://example.com/"}})
	if status != http.StatusSeeOther || loc != "/login" {
		t.Errorf("POST /feeds without a session: status %d, Location %q; want 303 to /login", status, loc)
	}
}

func TestWebLoginLogout(t *testing.T) {
	e := newEnv(t, Config{SecureCookies: true})
	alice := e.user("alice")
	b := e.browser()

	status, _, body := b.post("/login", url.Values{"name": {"alice"}, "password": {"wrong"}})
	if status != http.StatusUnauthorized || !strings.Contains(body, "wrong name or password") || !strings.Contains(body, `value="alice"`) {
		t.Errorf("wrong password: status %d; want 401 with the message and the name kept:\n%s", status, body)
	}

	resp, err := b.client.PostForm(e.url+"/login", url.Values{"name": {"alice"}, "password": {alice.password}})
	if err != nil {
		t.Fatal(err)
	}
	status, loc, _ := answer(t, resp)
	if status != http.StatusSeeOther || loc != "/" {
		t.Fatalf("login: status %d, Location %q", status, loc)
	}
	cookies := resp.Cookies()
	if len(cookies) != 1 {
		t.Fatalf("login set %d cookies, want 1", len(cookies))
	}
	c := cookies[0]
	if c.Name != httpauth.SessionCookie || !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteLaxMode || c.Path != "/" {
		t.Errorf("session cookie %+v; want HttpOnly, Secure, SameSite=Lax, Path=/", c)
	}
	if want := testNow.Add(30 * 24 * time.Hour); !c.Expires.Equal(want) {
		t.Errorf("session cookie expires %v, want %v", c.Expires, want)
	}
	// The jar refuses Secure cookies over plain HTTP, so hand it over.
	u, _ := url.Parse(e.url)
	b.client.Jar.SetCookies(u, []*http.Cookie{{Name: c.Name, Value: c.Value}})

	status, _, body = b.get("/")
	if status != http.StatusOK || !strings.Contains(body, "Your feeds") || !strings.Contains(body, "alice") {
		t.Fatalf("home page after login: status %d\n%s", status, body)
	}
	if status, loc, _ = b.get("/login"); status != http.StatusSeeOther || loc != "/" {
		t.Errorf("GET /login when signed in: status %d, Location %q; want 303 to /", status, loc)
	}

	csrf := b.csrf()
	if status, loc, _ = b.post("/logout", url.Values{"csrf": {csrf}}); status != http.StatusSeeOther || loc != "/login" {
		t.Fatalf("logout: status %d, Location %q", status, loc)
	}
	// Even with the old cookie, the session is gone from the store.
	b.client.Jar.SetCookies(u, []*http.Cookie{{Name: c.Name, Value: c.Value}})
	if status, loc, _ = b.get("/"); status != http.StatusSeeOther || loc != "/login" {
		t.Errorf("home page after logout: status %d, Location %q; want 303 to /login", status, loc)
	}
}

func TestWebCookieNotSecureByDefault(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	resp, err := e.browser().client.PostForm(e.url+"/login", url.Values{"name": {"alice"}, "password": {alice.password}})
	if err != nil {
		t.Fatal(err)
	}
	answer(t, resp)
	if c := resp.Cookies(); len(c) != 1 || c[0].Secure {
		t.Errorf("cookies %+v; want one session cookie without Secure", c)
	}
}

// otherFirst is token with its first character changed to another of
// the same alphabet: a wrong token, whatever the random token begins with.
func otherFirst(token string) string {
	if token[0] == '0' {
		return "1" + token[1:]
	}
	return "0" + token[1:]
}

func TestWebCSRF(t *testing.T) {
	e := newEnv(t, Config{})
	alice, bob := e.user("alice"), e.user("bob")
	a, b := e.browser(), e.browser()
	a.login(alice)
	b.login(bob)
	aliceToken, bobToken := a.csrf(), b.csrf()
	if aliceToken == bobToken {
		t.Fatal("two sessions share a CSRF token")
	}
	form := func(csrf string) url.Values {
		return url.Values{"csrf": {csrf}, "url": {"https://example.com/feed"}}
	}
	tests := []struct {
		name   string
		form   url.Values
		status int
	}{
		{"no token", url.Values{"url": {"https://example.com/feed"}}, http.StatusForbidden},
		{"wrong token", form(otherFirst(aliceToken)), http.StatusForbidden},
		{"another session's token", form(bobToken), http.StatusForbidden},
		{"own token", form(aliceToken), http.StatusSeeOther},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _, body := a.post("/feeds", tt.form)
			if status != tt.status {
				t.Errorf("status %d, want %d\n%s", status, tt.status, body)
			}
		})
	}
	if len(e.woken()) != 1 {
		t.Errorf("OnSubscribe called %d times, want once (for the valid form)", len(e.woken()))
	}
	if status, _, _ := a.post("/logout", nil); status != http.StatusForbidden {
		t.Errorf("logout without token: status %d, want 403", status)
	}
}

func TestWebLoginRefusesCrossSite(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	form := url.Values{"name": {"alice"}, "password": {alice.password}}
	req := e.request("POST", "/login", form.Encode())
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if status, body := e.do(e.browser().client, req); status != http.StatusForbidden {
		t.Errorf("cross-site login: status %d, want 403\n%s", status, body)
	}
}
