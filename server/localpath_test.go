package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestWebLoginNext checks that logging in leads to the page first asked
// for, and never to another site.
func TestWebLoginNext(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")

	b := e.browser()
	_, loc, _ := b.get("/items?unread=1")
	wantPage(t, b, loc, http.StatusOK, `<input type="hidden" name="next" value="/items?unread=1">`)
	if body := wantPage(t, b, "/login?next=//evil.com", http.StatusOK); strings.Contains(body, `name="next"`) {
		t.Errorf("login page carries an off-site next:\n%s", body)
	}

	tests := []struct {
		next, want string
	}{
		{"/items?unread=1", "/items?unread=1"},
		{"/feeds/7", "/feeds/7"},
		{"", "/"},
		{"//evil.com", "/"},
		{"https://evil.com", "/"},
		{"https://evil.com/items", "/"},
		{`/\evil.com`, "/"},
		{"/\t/evil.com", "/"},
		{"javascript:alert(1)", "/"},
	}
	for _, tt := range tests {
		b := e.browser()
		status, loc, body := b.post("/login", url.Values{"name": {alice.Name}, "password": {alice.password}, "next": {tt.next}})
		if status != http.StatusSeeOther || loc != tt.want {
			t.Errorf("login with next %q: status %d, Location %q; want 303 to %q\n%s", tt.next, status, loc, tt.want, body)
		}
		status, loc, _ = b.get("/login?next=" + url.QueryEscape(tt.next))
		if status != http.StatusSeeOther || loc != tt.want {
			t.Errorf("login page when signed in with next %q: status %d, Location %q; want 303 to %q", tt.next, status, loc, tt.want)
		}
	}

	status, _, body := b.post("/login", url.Values{"name": {alice.Name}, "password": {"wrong"}, "next": {"/feeds/7"}})
	if status != http.StatusUnauthorized || !strings.Contains(body, `name="next" value="/feeds/7"`) {
		t.Errorf("wrong password: status %d; want 401 keeping next:\n%s", status, body)
	}
}
