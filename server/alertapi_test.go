package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"vigil"
)

// TestNotifyAndAlertAPI: channels are added (their URLs shown hidden from
// then on), tested (the outcome recorded: failing with its error, then
// ok), listed and removed; alert rules likewise; a user never sees or
// removes another's.
func TestNotifyAndAlertAPI(t *testing.T) {
	var mu sync.Mutex
	status := http.StatusServiceUnavailable
	var bodies int
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if status == http.StatusOK {
			bodies++
		}
		w.WriteHeader(status)
	}))
	defer hook.Close()
	e := newEnv(t, Config{AllowPrivate: true})
	alice, bob := e.user("alice"), e.user("bob")
	feed := e.follow(alice, "https://example.com/feed.xml")
	url := "generic+" + hook.URL + "/hook?token=s3cret"

	code, body := e.call("POST", "/api/notify", alice.token, map[string]any{"url": "smtp://u:s3cret@mail.example.org/?to=a@example.org"})
	if code != http.StatusBadRequest || strings.Contains(string(body), "s3cret") {
		t.Errorf("POST an smtp channel: %d %s, want 400 without the secret", code, body)
	}
	code, body = e.call("POST", "/api/notify", alice.token, map[string]any{"url": url})
	var c vigil.Channel
	if code != http.StatusCreated || json.Unmarshal(body, &c) != nil || c.ID == 0 || strings.Contains(string(body), "s3cret") ||
		!strings.HasPrefix(c.Shown, "generic+http://127.0.0.1") {
		t.Fatalf("POST /api/notify: %d %s", code, body)
	}
	path := fmt.Sprintf("/api/notify/%d", c.ID)
	code, body = e.call("POST", path+"/test", alice.token, nil)
	if code != http.StatusOK || json.Unmarshal(body, &c) != nil || c.Failures != 1 || !strings.Contains(c.LastError, "503") ||
		strings.Contains(c.LastError, "/hook") {
		t.Fatalf("test of a channel answering 503: %d %s", code, body)
	}
	mu.Lock()
	status = http.StatusOK
	mu.Unlock()
	if code, body = e.call("POST", path+"/test", alice.token, nil); code != http.StatusOK || json.Unmarshal(body, &c) != nil || c.Failures != 0 || bodies != 1 {
		t.Fatalf("test of a working channel: %d %s (%d accepted)", code, body, bodies)
	}
	if code, body = e.call("GET", "/api/notify", bob.token, nil); code != http.StatusOK || strings.TrimSpace(string(body)) != "[]" {
		t.Errorf("bob's channels: %d %s", code, body)
	}
	if code, _ = e.call("POST", path+"/test", bob.token, nil); code != http.StatusNotFound {
		t.Errorf("bob tests alice's channel: %d, want 404", code)
	}
	if code, _ = e.call("DELETE", path, bob.token, nil); code != http.StatusNotFound {
		t.Errorf("bob removes alice's channel: %d, want 404", code)
	}
	if code, body = e.call("GET", "/api/notify", alice.token, nil); code != http.StatusOK || strings.Contains(string(body), "s3cret") ||
		!strings.Contains(string(body), `"failures":0`) {
		t.Errorf("alice's channels: %d %s", code, body)
	}

	if code, body = e.call("POST", "/api/alerts", alice.token, map[string]any{"query": "  "}); code != http.StatusBadRequest {
		t.Errorf("an empty rule: %d %s, want 400", code, body)
	}
	if code, body = e.call("POST", "/api/alerts", bob.token, map[string]any{"query": "launch", "feed_id": feed}); code != http.StatusBadRequest {
		t.Errorf("a rule over a feed bob does not follow: %d %s, want 400", code, body)
	}
	var rule vigil.AlertRule
	code, body = e.call("POST", "/api/alerts", alice.token, map[string]any{"query": `"rocket launch"`, "feed_id": feed})
	if code != http.StatusCreated || json.Unmarshal(body, &rule) != nil || rule.ID == 0 || rule.FeedID != feed {
		t.Fatalf("POST /api/alerts: %d %s", code, body)
	}
	if code, body = e.call("GET", "/api/alerts", alice.token, nil); code != http.StatusOK || !strings.Contains(string(body), `"query":"\"rocket launch\""`) {
		t.Errorf("alice's rules: %d %s", code, body)
	}
	rulePath := fmt.Sprintf("/api/alerts/%d", rule.ID)
	if code, _ = e.call("DELETE", rulePath, bob.token, nil); code != http.StatusNotFound {
		t.Errorf("bob removes alice's rule: %d, want 404", code)
	}
	for _, p := range []string{rulePath, path} {
		if code, body = e.call("DELETE", p, alice.token, nil); code != http.StatusNoContent {
			t.Errorf("DELETE %s: %d %s", p, code, body)
		}
	}
}
