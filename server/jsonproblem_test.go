package server

import (
	"fmt"
	"regexp"
	"testing"
)

// goWords are traces of Go internals that an error shown to a client must
// not contain: type names, the decoder's prefix, package paths.
var goWords = regexp.MustCompile(`float64|int64|\bbool\b|\bstruct\b|json:|main\.|server\.|vigil\.|\[\]|unmarshal`)

// TestAPIBodyErrorsInWords sends bodies of the wrong shape to every
// endpoint that reads one; each answer names what was wrong in words.
func TestAPIBodyErrorsInWords(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	feed := e.follow(alice, "https://example.com/feed")
	patch := fmt.Sprintf("/api/feeds/%d", feed)
	tests := []struct {
		method, path, body string
		want               string
	}{
		{"PATCH", patch, `{"weight":"heavy"}`, "body: field weight must be a number"},
		{"POST", "/api/feeds", `{"url":5}`, "body: field url must be a string"},
		{"POST", "/api/feeds", `{"url":"http://a.example/","weight":[1]}`, "body: field weight must be a number"},
		{"POST", "/api/feeds", `["http://a.example/"]`, "body: must be an object"},
		{"POST", "/api/feeds", `{"url":"http://a.example/","x":1}`, "body: unknown field x"},
		{"POST", "/api/feeds", `{"url":`, "body: the JSON ends too early"},
		{"POST", "/api/feeds", `{"url" "x"}`, "body: not valid JSON (at byte 8)"},
		{"PUT", "/api/me/interests", `{"text":{"a":1}}`, "body: field text must be a string"},
		{"POST", "/api/items/read", `{"ids":["1"],"read":true}`, "body: field ids must be a whole number"},
		{"POST", "/api/items/read", `{"ids":[1],"read":"yes"}`, "body: field read must be true or false"},
		{"POST", "/api/items/star", `{"ids":1,"starred":true}`, "body: field ids must be a list"},
		{"POST", "/api/items/star", `{"ids":[1.5],"starred":true}`, "body: field ids must be a whole number"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path+" "+tt.body, func(t *testing.T) {
			status, body := e.call(tt.method, tt.path, alice.token, tt.body)
			msg := decode[map[string]string](t, body)["error"]
			if status != 400 || msg != tt.want {
				t.Errorf("status %d, error %q; want 400 and %q", status, msg, tt.want)
			}
			if goWords.MatchString(msg) {
				t.Errorf("error %q shows Go internals", msg)
			}
		})
	}
}
