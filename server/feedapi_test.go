package server

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
)

func TestAPIFeedLifecycle(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")

	status, body := e.call("POST", "/api/feeds", alice.token, map[string]any{"url": "HTTPS://Example.COM:443/feed.xml#top"})
	if status != http.StatusCreated {
		t.Fatalf("POST /api/feeds: status %d, body %s", status, body)
	}
	sub := decode[vigil.Subscription](t, body)
	if sub.Feed.URL != "https://example.com/feed.xml" || sub.Weight != 1 || sub.UserID != alice.ID {
		t.Errorf("created subscription = %+v; want normalised URL, weight 1, user %d", sub, alice.ID)
	}
	if !slices.Equal(e.woken(), []int64{sub.Feed.ID}) {
		t.Errorf("OnSubscribe got %v, want [%d]", e.woken(), sub.Feed.ID)
	}
	feedPath := fmt.Sprintf("/api/feeds/%d", sub.Feed.ID)

	status, body = e.call("GET", "/api/feeds", alice.token, nil)
	list := decode[[]vigil.Subscription](t, body)
	if status != http.StatusOK || len(list) != 1 || list[0].Feed.ID != sub.Feed.ID {
		t.Errorf("GET /api/feeds: status %d, body %s", status, body)
	}

	status, body = e.call("PATCH", feedPath, alice.token, map[string]any{"weight": 2.5})
	if status != http.StatusOK || decode[vigil.Subscription](t, body).Weight != 2.5 {
		t.Errorf("PATCH weight: status %d, body %s", status, body)
	}
	status, body = e.call("GET", feedPath, alice.token, nil)
	if got := decode[vigil.Subscription](t, body); status != http.StatusOK || got.Weight != 2.5 || got.Feed.URL != sub.Feed.URL {
		t.Errorf("GET %s after PATCH: status %d, body %s", feedPath, status, body)
	}

	status, body = e.call("GET", feedPath+"/observations", alice.token, nil)
	if status != http.StatusOK || strings.TrimSpace(string(body)) != "[]" {
		t.Errorf("observations of an unfetched feed: status %d, body %s; want []", status, body)
	}

	status, body = e.call("DELETE", feedPath, alice.token, nil)
	if status != http.StatusNoContent {
		t.Errorf("DELETE: status %d, body %s", status, body)
	}
	for _, path := range []string{feedPath, feedPath + "/observations"} {
		if status, body = e.call("GET", path, alice.token, nil); status != http.StatusNotFound {
			t.Errorf("GET %s after DELETE: status %d, body %s; want 404", path, status, body)
		}
	}
	if status, _ = e.call("DELETE", feedPath, alice.token, nil); status != http.StatusNotFound {
		t.Errorf("second DELETE: status %d, want 404", status)
	}
	if _, body = e.call("GET", "/api/feeds", alice.token, nil); strings.TrimSpace(string(body)) != "[]" {
		t.Errorf("GET /api/feeds after DELETE = %s, want []", body)
	}
}

func TestAPIAddFeedWeight(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	status, body := e.call("POST", "/api/feeds", alice.token, map[string]any{"url": "http://example.org/rss", "weight": 3})
	if status != http.StatusCreated || decode[vigil.Subscription](t, body).Weight != 3 {
		t.Errorf("POST with weight 3: status %d, body %s", status, body)
	}
}

// Subscribing again to a feed already followed is not a creation: it
// answers 200 with the subscription, keeping its weight unless one is given.
func TestAPIResubscribe(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	tests := []struct {
		name   string
		body   map[string]any
		status int
		weight float64
	}{
		{"first", map[string]any{"url": "http://example.org/rss", "weight": 3}, http.StatusCreated, 3},
		{"again, same URL written otherwise", map[string]any{"url": "HTTP://EXAMPLE.org:80/rss"}, http.StatusOK, 3},
		{"again with a weight", map[string]any{"url": "http://example.org/rss", "weight": 2}, http.StatusOK, 2},
		{"another feed", map[string]any{"url": "http://example.org/atom"}, http.StatusCreated, 1},
	}
	for _, tt := range tests {
		status, body := e.call("POST", "/api/feeds", alice.token, tt.body)
		if sub := decode[vigil.Subscription](t, body); status != tt.status || sub.Weight != tt.weight {
			t.Errorf("%s: status %d, body %s; want %d and weight %v", tt.name, status, body, tt.status, tt.weight)
		}
	}
}

func TestAPIAddFeedInvalid(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	tests := []struct {
		name string
		body any
		want string // in the error message
	}{
		{"not JSON", "{url:", "not valid JSON"},
		{"two values", `{"url":"http://a.example/"} {}`, "more than one"},
		{"unknown field", map[string]any{"url": "http://a.example/", "wieght": 2}, "wieght"},
		{"url not a string", map[string]any{"url": 5}, "url"},
		{"missing url", map[string]any{"weight": 1}, "url is required"},
		{"relative url", map[string]any{"url": "/feed.xml"}, "absolute http or https"},
		{"ftp", map[string]any{"url": "ftp://example.com/feed"}, "absolute http or https"},
		{"javascript", map[string]any{"url": "javascript:alert(1)"}, "absolute http or https"},
		{"no host", map[string]any{"url": "http:///feed"}, "no host"},
		{"unparsable", map[string]any{"url": "http://exa mple.com/"}, "not a valid URL"},
		{"port out of range", map[string]any{"url": "http://a.example:99999/"}, `invalid port "99999"`},
		{"port not a number", map[string]any{"url": "http://a.example:abc/"}, `invalid port ":abc"`},
		{"empty host label", map[string]any{"url": "http://a..example/"}, "empty label"},
		{"zero weight", map[string]any{"url": "http://a.example/", "weight": 0}, "weight"},
		{"negative weight", map[string]any{"url": "http://a.example/", "weight": -1}, "weight"},
		{"weight as string", map[string]any{"url": "http://a.example/", "weight": "2"}, "body: field weight must be a number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := e.call("POST", "/api/feeds", alice.token, tt.body)
			msg := decode[map[string]string](t, body)["error"]
			if status != http.StatusBadRequest || !strings.Contains(msg, tt.want) {
				t.Errorf("status %d, error %q; want 400 containing %q", status, msg, tt.want)
			}
		})
	}
	if len(e.woken()) != 0 {
		t.Errorf("OnSubscribe called for invalid requests: %v", e.woken())
	}
}

func TestAPIFeedInvalid(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	path := fmt.Sprintf("/api/feeds/%d", id)
	tests := []struct {
		name, method, path string
		body               any
		status             int
		want               string
	}{
		{"id not a number", "GET", "/api/feeds/abc", nil, 400, "feed id"},
		{"id zero", "GET", "/api/feeds/0", nil, 400, "feed id"},
		{"unknown feed", "GET", "/api/feeds/999", nil, 404, "not found"},
		{"patch without weight", "PATCH", path, map[string]any{}, 400, "weight, folder or title is required"},
		{"patch bad folder", "PATCH", path, map[string]any{"folder": "a\nb"}, 400, "folder name"},
		{"patch zero weight", "PATCH", path, map[string]any{"weight": 0}, 400, "weight"},
		{"patch weight too big", "PATCH", path, map[string]any{"weight": 5000}, 400, "weight must be a number from 0.01 to 1000, not 5000"},
		{"patch unknown feed", "PATCH", "/api/feeds/999", map[string]any{"weight": 2}, 404, "not found"},
		{"delete bad id", "DELETE", "/api/feeds/x", nil, 400, "feed id"},
		{"observations limit zero", "GET", path + "/observations?limit=0", nil, 400, "limit"},
		{"observations limit text", "GET", path + "/observations?limit=many", nil, 400, "limit"},
		{"observations limit huge", "GET", path + "/observations?limit=100000", nil, 400, "limit"},
		{"observations unknown feed", "GET", "/api/feeds/999/observations", nil, 404, "not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := e.call(tt.method, tt.path, alice.token, tt.body)
			msg := decode[map[string]string](t, body)["error"]
			if status != tt.status || !strings.Contains(msg, tt.want) {
				t.Errorf("status %d, error %q; want %d containing %q", status, msg, tt.status, tt.want)
			}
		})
	}
}

func TestAPIObservations(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	e.ingest(id, nil, items("x", 2)...)
	e.ingest(id, nil)
	path := fmt.Sprintf("/api/feeds/%d/observations", id)

	status, body := e.call("GET", path, alice.token, nil)
	obs := decode[[]vigil.Observation](t, body)
	if status != http.StatusOK || len(obs) != 2 {
		t.Fatalf("GET %s: status %d, body %s; want 2 observations", path, status, body)
	}
	if obs[1].NewItems != 2 || obs[1].Latency != 250*time.Millisecond {
		t.Errorf("oldest observation = %+v, want 2 new items and 250ms latency", obs[1])
	}
	if !strings.Contains(string(body), `"latency_s":0.25`) {
		t.Errorf("observations %s do not give the latency in seconds as latency_s", body)
	}
	status, body = e.call("GET", path+"?limit=1", alice.token, nil)
	if obs = decode[[]vigil.Observation](t, body); status != http.StatusOK || len(obs) != 1 {
		t.Errorf("GET %s?limit=1: status %d, %d observations", path, status, len(obs))
	}
}

func TestAPINotices(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	_, body := e.call("GET", "/api/notices", alice.token, nil)
	if strings.TrimSpace(string(body)) != "[]" {
		t.Errorf("notices before any = %s, want []", body)
	}
	id := e.follow(alice, "https://old.example/feed")
	if _, err := e.st.MoveFeed(t.Context(), id, "https://new.example/feed", testNow); err != nil {
		t.Fatal(err)
	}
	status, body := e.call("GET", "/api/notices", alice.token, nil)
	notices := decode[[]vigil.Notice](t, body)
	if status != http.StatusOK || len(notices) != 1 || notices[0].UserID != alice.ID {
		t.Errorf("GET /api/notices: status %d, body %s; want alice's one notice", status, body)
	}
}
