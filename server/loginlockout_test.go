package server

import (
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil/server/internal/httpauth"
)

// testClock is a server clock that a test moves by hand.
type testClock struct {
	mu sync.Mutex
	at time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.at = c.at.Add(d)
}

// basicStatus sends GET /api/me with Basic credentials and returns the status.
func (e *env) basicStatus(name, pw string) int {
	e.t.Helper()
	req := e.request("GET", "/api/me", nil)
	req.SetBasicAuth(name, pw)
	status, _ := e.do(http.DefaultClient, req)
	return status
}

func TestFailedLoginsLockOutTheAddress(t *testing.T) {
	clock := &testClock{at: testNow}
	e := newEnv(t, Config{Now: clock.now})
	bob := e.user("bob")
	e.user("carol")
	b := e.browser()
	for i := range httpauth.FailureLimit {
		if i%2 == 0 {
			if status := e.basicStatus("bob", "wrong"); status != http.StatusUnauthorized {
				t.Fatalf("wrong Basic password %d: status %d, want 401", i, status)
			}
		} else if status, _, _ := b.post("/login", url.Values{"name": {"bob"}, "password": {"x"}}); status != http.StatusUnauthorized {
			t.Fatalf("wrong form login %d: status %d, want 401", i, status)
		}
	}
	clock.advance(time.Minute)
	req := e.request("GET", "/api/me", nil)
	req.SetBasicAuth("bob", bob.password)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	status, _, body := answer(t, resp)
	if status != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != "540" ||
		!strings.Contains(decode[map[string]string](t, []byte(body))["error"], "too many failed logins") {
		t.Errorf("locked-out Basic login: status %d, Retry-After %q, body %s; want 429, 540 and the reason",
			status, resp.Header.Get("Retry-After"), body)
	}
	resp, err = b.client.PostForm(e.url+"/login", url.Values{"name": {"bob"}, "password": {bob.password}})
	if err != nil {
		t.Fatal(err)
	}
	status, _, body = answer(t, resp)
	if status != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != "540" || !strings.Contains(body, "too many failed logins") {
		t.Errorf("locked-out form login: status %d, Retry-After %q; want 429 and 540\n%s", status, resp.Header.Get("Retry-After"), body)
	}
	if status, _ := e.call("GET", "/api/me", bob.token, nil); status != http.StatusOK {
		t.Errorf("API token while locked out: status %d, want 200", status)
	}
	if status := e.basicStatus("carol", "wrong"); status != http.StatusUnauthorized {
		t.Errorf("another user from the locked-out address: status %d, want 401 (counted per user)", status)
	}

	clock.advance(httpauth.FailureWindow - time.Minute)
	if status := e.basicStatus("bob", bob.password); status != http.StatusOK {
		t.Errorf("correct password once the window passed: status %d, want 200", status)
	}
	if status := e.basicStatus("bob", "wrong"); status != http.StatusUnauthorized {
		t.Errorf("a failure in a new window: status %d, want 401", status)
	}
	if status := e.basicStatus("bob", bob.password); status != http.StatusOK {
		t.Errorf("one failure in a new window locks out: status %d, want 200", status)
	}
}

func TestFailedLoginsDoNotLockOutTheOwner(t *testing.T) {
	clock := &testClock{at: testNow}
	e := newEnv(t, Config{Now: clock.now})
	alice := e.user("alice")
	if status := e.basicStatus("alice", alice.password); status != http.StatusOK {
		t.Fatalf("first login: status %d, want 200", status)
	}
	// Someone behind the same address guesses alice's password, and more.
	for i := range httpauth.FailureLimit + 5 {
		if status := e.basicStatus("alice", "guess"); status != http.StatusUnauthorized {
			t.Fatalf("guess %d: status %d, want 401", i, status)
		}
	}
	clock.advance(time.Minute)
	if status := e.basicStatus("alice", alice.password); status != http.StatusOK {
		t.Errorf("the owner's correct password from an address she used before: status %d, want 200", status)
	}
	b := e.browser()
	if status, _, body := b.post("/login", url.Values{"name": {"alice"}, "password": {alice.password}}); status >= 400 {
		t.Errorf("the owner's form login from an address she used before: status %d\n%s", status, body)
	}
}
