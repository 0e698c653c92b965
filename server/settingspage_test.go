package server

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
)

// tokenShown finds the new API token on the settings page.
var tokenShown = regexp.MustCompile(`<code class="secret">([^<]+)</code>`)

// TestSettingsPage drives every form of the settings page as a browser
// does: a channel added (its secret never shown again), tested against a
// real webhook on loopback, removed; an alert rule added and removed; a
// Fever password; a new API token shown once; refusals in words; a form
// without its CSRF token refused; and the password changed, which ends
// the session.
func TestSettingsPage(t *testing.T) {
	var hooks atomic.Int32
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hooks.Add(1) }))
	defer hook.Close()
	e := newEnv(t, Config{AllowPrivate: true})
	alice := e.user("alice")
	b := e.browser()
	b.login(alice)
	csrf := b.csrf()
	form := func(kv ...string) url.Values {
		v := url.Values{"csrf": {csrf}}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	mustRedirect := func(path string, v url.Values) {
		t.Helper()
		if status, loc, body := b.post(path, v); status != http.StatusSeeOther || loc != "/settings" {
			t.Fatalf("POST %s: %d to %q\n%s", path, status, loc, body)
		}
	}
	secretURL := "generic+" + hook.URL + "/hook?token=s3cret"
	mustRedirect("/settings/channels", form("url", secretURL))
	mustRedirect("/settings/channels/1/test", form())
	if _, _, page := b.get("/settings"); !strings.Contains(page, "Sent a test message to channel 1: the service answered 2") {
		t.Errorf("the test's outcome is not told:\n%s", page)
	}
	mustRedirect("/settings/alerts", form("query", `"rocket launch" orbit*`))
	mustRedirect("/settings/fever", form("password", "a fever password"))
	_, _, page := b.get("/settings")
	for _, want := range []string{`<a href="/settings">Settings</a>`, "generic&#43;http://127.0.0.1", "ok, last sent", "&#34;rocket launch&#34; orbit*"} {
		if !strings.Contains(page, want) {
			t.Errorf("the settings page lacks %q", want)
		}
	}
	if strings.Contains(page, "s3cret") || hooks.Load() != 1 {
		t.Errorf("the channel's secret is shown (%v) or the webhook heard %d test(s), want 1", strings.Contains(page, "s3cret"), hooks.Load())
	}
	for _, tc := range []struct {
		path string
		v    url.Values
		says string
	}{
		{"/settings/channels", form("url", "nosuch://x"), "Could not save the channel form"},
		{"/settings/alerts", form("query", "*"), "Could not save the alert form"},
		{"/settings/fever", form("password", "short"), "at least 10 characters"},
		{"/settings/password", form("current", "wrong", "new", "a long new password", "again", "a long new password"), "the current password is wrong"},
		{"/settings/password", form("current", alice.password, "new", "a long new password", "again", "another"), "differ"},
	} {
		if status, _, body := b.post(tc.path, tc.v); status != http.StatusBadRequest || !strings.Contains(body, tc.says) {
			t.Errorf("POST %s: %d, want 400 saying %q", tc.path, status, tc.says)
		}
	}
	if status, _, _ := b.post("/settings/alerts", url.Values{"query": {"forged"}}); status != http.StatusForbidden {
		t.Errorf("a form without its CSRF token: %d, want 403", status)
	}
	status, _, body := b.post("/settings/token", form())
	m := tokenShown.FindStringSubmatch(body)
	if status != http.StatusOK || m == nil {
		t.Fatalf("new token: %d\n%s", status, body)
	}
	if s, _ := e.call("GET", "/api/me", m[1], nil); s != http.StatusOK {
		t.Errorf("the token shown does not open the API: %d", s)
	}
	if _, _, again := b.get("/settings"); strings.Contains(again, m[1]) {
		t.Error("the token is shown again")
	}
	mustRedirect("/settings/alerts/1/remove", form())
	mustRedirect("/settings/channels/1/remove", form())
	if _, _, page = b.get("/settings"); !strings.Contains(page, "No channel yet") || !strings.Contains(page, "No alert rule yet") {
		t.Error("the removed channel or rule is still listed")
	}
	if status, loc, _ := b.post("/settings/password", form("current", alice.password, "new", "a long new password", "again", "a long new password")); status != http.StatusSeeOther || loc != "/login" {
		t.Fatalf("password change: %d to %q", status, loc)
	}
	if status, loc, _ := b.get("/settings"); status != http.StatusSeeOther || !strings.HasPrefix(loc, "/login") {
		t.Errorf("the session outlived the password change: %d %q", status, loc)
	}
	if e.basicStatus("alice", "a long new password") != http.StatusOK {
		t.Error("the new password does not work")
	}
}
