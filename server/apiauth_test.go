package server

import (
	"net/http"
	"strings"
	"testing"
)

func TestAPIAuthentication(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	tests := []struct {
		name   string
		header func(*http.Request)
		status int
	}{
		{"no credentials", func(*http.Request) {}, http.StatusUnauthorized},
		{"wrong token", func(r *http.Request) { r.Header.Set("Authorization", "Bearer not-a-token") }, http.StatusUnauthorized},
		{"empty token", func(r *http.Request) { r.Header.Set("Authorization", "Bearer ") }, http.StatusUnauthorized},
		{"password as token", func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+alice.password) }, http.StatusUnauthorized},
		{"unknown scheme", func(r *http.Request) { r.Header.Set("Authorization", "Digest x") }, http.StatusUnauthorized},
		{"basic wrong password", func(r *http.Request) { r.SetBasicAuth("alice", "nope") }, http.StatusUnauthorized},
		{"basic unknown user", func(r *http.Request) { r.SetBasicAuth("mallory", alice.password) }, http.StatusUnauthorized},
		{"basic token as password", func(r *http.Request) { r.SetBasicAuth("alice", alice.token) }, http.StatusUnauthorized},
		{"basic", func(r *http.Request) { r.SetBasicAuth("alice", alice.password) }, http.StatusOK},
		{"bearer", func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+alice.token) }, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := e.request("GET", "/api/me", nil)
			tt.header(req)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			status, _, body := answer(t, resp)
			if status != tt.status {
				t.Fatalf("status %d, want %d; body %s", status, tt.status, body)
			}
			if status == http.StatusOK {
				me := decode[map[string]any](t, []byte(body))
				if me["name"] != "alice" {
					t.Errorf("/api/me = %s, want alice", body)
				}
				if strings.Contains(body, "hash") || strings.Contains(body, alice.token) {
					t.Errorf("/api/me leaks a secret: %s", body)
				}
				return
			}
			if got := resp.Header.Values("WWW-Authenticate"); len(got) != 1 || !strings.HasPrefix(got[0], "Bearer ") {
				t.Errorf("WWW-Authenticate = %q, want only a Bearer challenge (a Basic one makes browsers cache credentials)", got)
			}
			if e := decode[map[string]string](t, []byte(body)); e["error"] == "" {
				t.Errorf("body %s has no error message", body)
			}
		})
	}
}

func TestAPISessionCookieIsNotEnough(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	b := e.browser()
	b.login(alice)
	status, _, body := b.get("/api/me")
	if status != http.StatusUnauthorized {
		t.Errorf("GET /api/me with only a session cookie: status %d, want 401; body %s", status, body)
	}
}

func TestPublicRoutes(t *testing.T) {
	e := newEnv(t, Config{})
	tests := []struct {
		path, want string
	}{
		{"/healthz", "ok"},
		{"/static/style.css", "font"},
		{"/login", "Log in"},
	}
	for _, tt := range tests {
		status, body := e.call("GET", tt.path, "", nil)
		if status != http.StatusOK || !strings.Contains(string(body), tt.want) {
			t.Errorf("GET %s: status %d, body %.80q; want 200 containing %q", tt.path, status, body, tt.want)
		}
	}
}

func TestAPIUnknownRoute(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	status, body := e.call("GET", "/api/nothing", alice.token, nil)
	if status != http.StatusNotFound || !strings.Contains(decode[map[string]string](t, body)["error"], "/api/nothing") {
		t.Errorf("GET /api/nothing: status %d, body %s; want 404 naming the path", status, body)
	}
	status, _ = e.call("GET", "/api/nothing", "", nil)
	if status != http.StatusUnauthorized {
		t.Errorf("GET /api/nothing without credentials: status %d, want 401", status)
	}
}
