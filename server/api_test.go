package server

import (
	"net/http"
	"strings"
	"testing"
)

func TestAPIRefusesCrossSiteRequests(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	const feed = `{"url": "https://example.com/feed.xml", "x": "="}`
	tests := []struct {
		name        string
		method      string
		path        string
		body        string
		contentType string
		headers     map[string]string
		status      int
		wantError   string
	}{
		{"text/plain form shaped as JSON", "POST", "/api/feeds", feed, "text/plain", nil, http.StatusUnsupportedMediaType, "text/plain"},
		{"url-encoded form", "POST", "/api/feeds", feed, "application/x-www-form-urlencoded", nil, http.StatusUnsupportedMediaType, "x-www-form-urlencoded"},
		{"multipart form", "POST", "/api/feeds", feed, "multipart/form-data; boundary=x", nil, http.StatusUnsupportedMediaType, "multipart/form-data"},
		{"no Content-Type", "POST", "/api/feeds", feed, "", nil, http.StatusUnsupportedMediaType, `not ""`},
		{"malformed Content-Type", "POST", "/api/feeds", feed, "application/json; =", nil, http.StatusUnsupportedMediaType, "application/json; ="},
		{"PATCH as text", "PATCH", "/api/feeds/1", `{"weight": 2}`, "text/plain", nil, http.StatusUnsupportedMediaType, "text/plain"},
		{"read marks as text", "POST", "/api/items/read", `{"ids": [1]}`, "text/plain", nil, http.StatusUnsupportedMediaType, "text/plain"},
		{"stars as text", "POST", "/api/items/star", `{"ids": [1], "starred": true}`, "text/plain", nil, http.StatusUnsupportedMediaType, "text/plain"},
		{"cross-site interests", "PUT", "/api/me/interests", `{"text": "x"}`, "application/json", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, "cross-origin"},
		{"cross-site fetch", "POST", "/api/feeds", feed, "application/json", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, "cross-origin"},
		{"foreign Origin", "POST", "/api/feeds", feed, "application/json", map[string]string{"Origin": "https://evil.example"}, http.StatusForbidden, "cross-origin"},
		{"cross-site DELETE", "DELETE", "/api/feeds/1", "", "", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, "cross-origin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := e.request(tt.method, tt.path, tt.body)
			req.Header.Del("Content-Type")
			if tt.contentType != "" {
				req.Header.Set("Content-Type", tt.contentType)
			}
			for k, v := range tt.headers {
				req.Header.Set(k, v)
			}
			req.SetBasicAuth("alice", alice.password)
			status, body := e.do(http.DefaultClient, req)
			if status != tt.status {
				t.Fatalf("status %d, want %d; body %s", status, tt.status, body)
			}
			if msg := decode[map[string]string](t, body)["error"]; !strings.Contains(msg, tt.wantError) {
				t.Errorf("error %q does not mention %q", msg, tt.wantError)
			}
		})
	}
	if woken := e.woken(); len(woken) != 0 {
		t.Errorf("a refused request subscribed alice: feeds %v", woken)
	}
}

func TestAPIAcceptsJSONAndSameSiteRequests(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	tests := []struct {
		name        string
		method      string
		body        string
		contentType string
		fetchSite   string
		status      int
	}{
		{"JSON with charset", "POST", `{"url": "https://example.com/a"}`, "application/json; charset=utf-8", "", http.StatusCreated},
		{"JSON in capitals", "POST", `{"url": "https://example.com/b"}`, "Application/JSON", "", http.StatusCreated},
		{"same-origin fetch", "POST", `{"url": "https://example.com/c"}`, "application/json", "same-origin", http.StatusCreated},
		{"cross-site read", "GET", "", "", "cross-site", http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := e.request(tt.method, "/api/feeds", tt.body)
			req.Header.Del("Content-Type")
			if tt.contentType != "" {
				req.Header.Set("Content-Type", tt.contentType)
			}
			if tt.fetchSite != "" {
				req.Header.Set("Sec-Fetch-Site", tt.fetchSite)
			}
			req.SetBasicAuth("alice", alice.password)
			if status, body := e.do(http.DefaultClient, req); status != tt.status {
				t.Errorf("status %d, want %d; body %s", status, tt.status, body)
			}
		})
	}
}
