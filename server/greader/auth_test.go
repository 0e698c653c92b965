package greader_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestClientLogin(t *testing.T) {
	e := newEnv(t)
	alice := e.user("alice")
	bob := e.user("bob")
	tests := []struct {
		name, email, passwd string
		code                int
		has                 string
	}{
		{"password", "alice", alice.password, 200, "Auth=alice/"},
		{"API token", "alice", alice.token, 200, "SID="},
		{"wrong password", "alice", "nope", 401, "Error=BadAuthentication"},
		{"another user's token", "alice", bob.token, 401, "Error=BadAuthentication"},
		{"unknown user", "carol", "x", 401, "Error=BadAuthentication"},
		{"no password", "alice", "", 400, "Passwd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := e.post("", "/accounts/ClientLogin", url.Values{"Email": {tt.email}, "Passwd": {tt.passwd}})
			if code != tt.code || !strings.Contains(body, tt.has) {
				t.Errorf("ClientLogin: %d %q; want %d with %q", code, body, tt.code, tt.has)
			}
		})
	}
	// The answer has the three lines apps read.
	_, body := e.post("", "/accounts/ClientLogin", url.Values{"Email": {"alice"}, "Passwd": {alice.password}})
	lines := strings.Split(strings.TrimSpace(body), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "SID=") || !strings.HasPrefix(lines[1], "LSID=") || !strings.HasPrefix(lines[2], "Auth=") {
		t.Errorf("ClientLogin body %q, want SID, LSID and Auth lines", body)
	}
}

func TestAuthRequired(t *testing.T) {
	e := newEnv(t)
	alice := e.user("alice")
	auth := e.login("alice", alice.password)
	info := getJSON[map[string]any](e, auth, "/reader/api/0/user-info?output=json")
	if info["userName"] != "alice" || info["userId"] == "" {
		t.Errorf("user-info = %v", info)
	}
	for _, header := range []string{"", "GoogleLogin auth=forged", "Bearer " + alice.token, "GoogleLogin auth=" + auth + "x"} {
		req, _ := http.NewRequest("GET", e.url+"/reader/api/0/user-info", nil)
		if header != "" {
			req.Header.Set("Authorization", header)
		}
		code, body := e.do("", req)
		if code != http.StatusUnauthorized || strings.Contains(body, "*") {
			t.Errorf("user-info with Authorization %q: %d %q, want 401", header, code, body)
		}
	}
	if code, body := e.get(auth, "/reader/api/0/no-such-thing"); code != http.StatusNotFound {
		t.Errorf("unknown endpoint: %d %q", code, body)
	}
}

func TestEditTokenChecked(t *testing.T) {
	e := newEnv(t)
	alice := e.user("alice")
	feed := e.follow(alice, "https://a.example/feed")
	ids := e.ingest(feed, "a", 1)
	auth := e.login("alice", alice.password)
	code, tok := e.get(auth, "/reader/api/0/token")
	if code != 200 || len(tok) != 57 {
		t.Fatalf("token: %d %q, want 57 characters", code, tok)
	}
	other := e.login("alice", alice.token) // a second session has its own T
	_, otherTok := e.get(other, "/reader/api/0/token")
	if otherTok == tok {
		t.Errorf("two sessions share the T token %q", tok)
	}
	form := url.Values{"i": {itemID(ids[0])}, "a": {"user/-/state/com.google/read"}, "T": {otherTok}}
	req, _ := http.NewRequest("POST", e.url+"/reader/api/0/edit-tag", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Authorization", "GoogleLogin auth="+auth)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 || resp.Header.Get("X-Reader-Google-Bad-Token") != "true" {
		t.Errorf("edit-tag with another session's T: %d, header %q", resp.StatusCode, resp.Header.Get("X-Reader-Google-Bad-Token"))
	}
	if e.read(alice, ids[0]) {
		t.Fatal("an edit with a bad T changed the item")
	}
	form.Set("T", tok)
	if code, body := e.post(auth, "/reader/api/0/edit-tag", form); code != 200 || body != "OK" {
		t.Errorf("edit-tag with the right T: %d %q, want OK", code, body)
	}
	if !e.read(alice, ids[0]) {
		t.Error("edit-tag with the right T did not mark the item read")
	}
}

func TestClientLoginLockout(t *testing.T) {
	e := newEnv(t)
	alice := e.user("alice")
	for i := range 10 {
		if code, _ := e.post("", "/accounts/ClientLogin", url.Values{"Email": {"alice"}, "Passwd": {"guess"}}); code != 401 {
			t.Fatalf("failed login %d: %d, want 401", i+1, code)
		}
	}
	// Now even the right password waits: guessing stays slow.
	code, body := e.post("", "/accounts/ClientLogin", url.Values{"Email": {"alice"}, "Passwd": {alice.password}})
	if code != http.StatusTooManyRequests || !strings.Contains(body, "try again") {
		t.Errorf("login after 10 failures: %d %q, want 429", code, body)
	}
}
