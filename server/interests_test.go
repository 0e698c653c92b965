package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"vigil"
)

// storedInterests reads a user's interests from the store.
func (e *env) storedInterests(u tester) string {
	e.t.Helper()
	got, err := e.st.UserByName(e.t.Context(), u.Name)
	if err != nil {
		e.t.Fatal(err)
	}
	return got.Interests
}

func TestAPIInterests(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	const text = "Sailing, astronomy and\nGo compilers"
	status, body := e.call("PUT", "/api/me/interests", alice.token, map[string]string{"text": text})
	if u := decode[vigil.User](t, body); status != http.StatusOK || u.Interests != text || u.Name != "alice" {
		t.Fatalf("PUT interests: status %d, body %s", status, body)
	}
	_, body = e.call("GET", "/api/me", alice.token, nil)
	if u := decode[vigil.User](t, body); u.Interests != text {
		t.Errorf("GET /api/me = %s, want the interests", body)
	}

	tests := []struct {
		name   string
		body   any
		status int
		want   string
	}{
		{"no text", map[string]any{}, 400, "text is required"},
		{"text null", `{"text": null}`, 400, "text is required"},
		{"text a number", `{"text": 4}`, 400, "field text must be a string"},
		{"too long", map[string]string{"text": strings.Repeat("é", 4001)}, 400, "4000"},
		{"unknown field", `{"text": "x", "name": "eve"}`, 400, "unknown field"},
		{"two values", `{"text": "x"} {"text": "y"}`, 400, "more than one JSON value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := e.call("PUT", "/api/me/interests", alice.token, tt.body)
			msg := decode[map[string]string](t, body)["error"]
			if status != tt.status || !strings.Contains(msg, tt.want) {
				t.Errorf("status %d, error %q; want %d containing %q", status, msg, tt.status, tt.want)
			}
		})
	}
	if got := e.storedInterests(alice); got != text {
		t.Errorf("interests after refused requests = %q, want %q", got, text)
	}

	edge := strings.Repeat("é", 4000)
	if status, body = e.call("PUT", "/api/me/interests", alice.token, map[string]string{"text": edge}); status != http.StatusOK {
		t.Errorf("PUT 4000 characters: status %d, body %s", status, body)
	}
	if status, body = e.call("PUT", "/api/me/interests", alice.token, map[string]string{"text": ""}); status != http.StatusOK {
		t.Errorf("clearing interests: status %d, body %s", status, body)
	}
	if got := e.storedInterests(alice); got != "" {
		t.Errorf("interests after clearing = %q", got)
	}
	if status, _ = e.call("PUT", "/api/me/interests", "", map[string]string{"text": "x"}); status != http.StatusUnauthorized {
		t.Errorf("PUT interests without credentials: status %d, want 401", status)
	}
}

func TestWebInterests(t *testing.T) {
	e := newEnv(t, Config{})
	alice, bob := e.user("alice"), e.user("bob")
	b := e.browser()
	b.login(alice)
	csrf := b.csrf()
	wantPage(t, b, "/", http.StatusOK, `<a href="/interests">Interests</a>`, `<a href="/items?starred=1">Starred</a>`)
	wantPage(t, b, "/interests", http.StatusOK, "<h1>Your interests</h1>", `<form class="stack wide" method="post" action="/interests">`, `<textarea name="interests" rows="10">`)

	status, loc, _ := b.post("/interests", url.Values{"csrf": {csrf}, "interests": {"sailing\r\n</textarea><script>x</script>"}})
	if status != http.StatusSeeOther || loc != "/interests" {
		t.Fatalf("save interests: status %d, Location %q", status, loc)
	}
	if got := e.storedInterests(alice); got != "sailing\n</textarea><script>x</script>" {
		t.Errorf("stored interests = %q, want the text with LF line breaks", got)
	}
	body := wantPage(t, b, "/interests", http.StatusOK, "Saved your interests.", "sailing\n&lt;/textarea&gt;&lt;script&gt;x&lt;/script&gt;</textarea>")
	if strings.Contains(body, "<script>") {
		t.Errorf("the interests page shows the saved text unescaped:\n%s", body)
	}

	long := strings.Repeat("a", 4001)
	status, _, body = b.post("/interests", url.Values{"csrf": {csrf}, "interests": {long}})
	if status != http.StatusBadRequest || !strings.Contains(body, "Could not save your interests:") || !strings.Contains(body, "limit of 4000") || !strings.Contains(body, long) {
		t.Errorf("too long interests: status %d, want 400 with the reason and the text kept\n%.2000s", status, body)
	}
	if status, _, _ := b.post("/interests", url.Values{"interests": {"forged"}}); status != http.StatusForbidden {
		t.Errorf("interests form without a CSRF token: status %d, want 403", status)
	}
	if got := e.storedInterests(alice); !strings.HasPrefix(got, "sailing") {
		t.Errorf("interests after refused forms = %q, want unchanged", got)
	}

	other := e.browser()
	other.login(bob)
	if body := wantPage(t, other, "/interests", http.StatusOK); strings.Contains(body, "sailing") {
		t.Errorf("bob's interests page shows alice's interests:\n%s", body)
	}
}
