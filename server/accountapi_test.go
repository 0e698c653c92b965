package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestAPIChangesPasswordAndToken changes the password through the API,
// refused first for a wrong current password and a short new one, then
// replaces the API token: the old credentials stop working, the new ones
// work.
func TestAPIChangesPasswordAndToken(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	for _, tc := range []struct {
		current, next string
		status        int
		says          string
	}{
		{"wrong", "a long new password", http.StatusUnauthorized, "the current password is wrong"},
		{alice.password, "short", http.StatusBadRequest, "fewer than 8"},
		{alice.password, strings.Repeat("x", 1025), http.StatusBadRequest, "longer than 1024 bytes"},
	} {
		status, body := e.call("PUT", "/api/me/password", alice.token, map[string]string{"current": tc.current, "new": tc.next})
		if status != tc.status || !strings.Contains(string(body), tc.says) {
			t.Errorf("current %q new %q: %d %s; want %d saying %q", tc.current, tc.next, status, body, tc.status, tc.says)
		}
	}
	if status := e.basicStatus("alice", alice.password); status != http.StatusOK {
		t.Fatalf("a refused change changed the password: %d", status)
	}
	status, body := e.call("PUT", "/api/me/password", alice.token, map[string]string{"current": alice.password, "new": "a long new password"})
	if status != http.StatusNoContent {
		t.Fatalf("change: %d %s", status, body)
	}
	if e.basicStatus("alice", alice.password) != http.StatusUnauthorized || e.basicStatus("alice", "a long new password") != http.StatusOK {
		t.Error("after the change the old password works or the new one does not")
	}
	status, body = e.call("POST", "/api/me/token", alice.token, nil)
	var answer struct{ Token string }
	if err := json.Unmarshal(body, &answer); status != http.StatusOK || err != nil || answer.Token == "" {
		t.Fatalf("new token: %d %s %v", status, body, err)
	}
	if s, _ := e.call("GET", "/api/me", alice.token, nil); s != http.StatusUnauthorized {
		t.Errorf("the old token still works: %d", s)
	}
	if s, _ := e.call("GET", "/api/me", answer.Token, nil); s != http.StatusOK {
		t.Errorf("the new token does not work: %d", s)
	}
}
