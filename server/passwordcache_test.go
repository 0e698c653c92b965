package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/store/sqlite"
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

func TestBasicAuthRemembersCorrectPasswords(t *testing.T) {
	clock := &testClock{at: testNow}
	e := newEnv(t, Config{Now: clock.now})
	alice := e.user("alice")
	remembered := func(name, pw string) bool {
		return e.srv.verified.holds(verificationKey(name, pw), alice.User, clock.now())
	}
	if remembered("alice", alice.password) {
		t.Fatal("a password is remembered before any login")
	}
	if status := e.basicStatus("alice", alice.password); status != http.StatusOK {
		t.Fatalf("correct password: status %d", status)
	}
	if !remembered("alice", alice.password) {
		t.Error("a correct password is not remembered")
	}
	if status := e.basicStatus("alice", alice.password); status != http.StatusOK {
		t.Errorf("correct password, remembered: status %d", status)
	}
	for _, pw := range []string{"wrong", alice.password + " "} {
		if status := e.basicStatus("alice", pw); status != http.StatusUnauthorized {
			t.Errorf("password %q: status %d, want 401", pw, status)
		}
		if remembered("alice", pw) {
			t.Errorf("a wrong password %q is remembered", pw)
		}
	}
	if n := len(e.srv.verified.entries); n != 1 {
		t.Errorf("%d checks remembered, want 1", n)
	}
	clock.advance(verifiedLifetime)
	if remembered("alice", alice.password) {
		t.Errorf("a password is still remembered after %v", verifiedLifetime)
	}
	if status := e.basicStatus("alice", alice.password); status != http.StatusOK || !remembered("alice", alice.password) {
		t.Errorf("correct password after expiry: status %d; want 200 and remembered again", status)
	}
}

func TestVerifiedCacheForgetsOtherDigests(t *testing.T) {
	var c verifiedCache
	u := &vigil.User{ID: 1, PasswordHash: "digest-1"}
	key := verificationKey("alice", "pw")
	c.add(key, u, testNow)
	tests := []struct {
		name string
		user *vigil.User
		want bool
	}{
		{"same user and digest", &vigil.User{ID: 1, PasswordHash: "digest-1"}, true},
		{"new password", &vigil.User{ID: 1, PasswordHash: "digest-2"}, false},
		{"another user of that name", &vigil.User{ID: 2, PasswordHash: "digest-1"}, false},
	}
	for _, tt := range tests {
		if got := c.holds(key, tt.user, testNow); got != tt.want {
			t.Errorf("%s: holds = %v, want %v", tt.name, got, tt.want)
		}
	}
	if c.holds(verificationKey("alice", "pw2"), u, testNow) {
		t.Error("another password of the same user is held")
	}
}

func TestVerifiedCacheIsBounded(t *testing.T) {
	var c verifiedCache
	u := &vigil.User{ID: 1, PasswordHash: "d"}
	key := func(i int) [32]byte { return verificationKey("u", strconv.Itoa(i)) }
	at := func(i int) time.Time { return testNow.Add(time.Duration(i) * time.Millisecond) }
	for i := range verifiedMax + 10 {
		c.add(key(i), u, at(i))
	}
	last := at(verifiedMax + 9)
	if n := len(c.entries); n != verifiedMax {
		t.Errorf("%d entries, want at most %d", n, verifiedMax)
	}
	if c.holds(key(0), u, last) || c.holds(key(9), u, last) {
		t.Error("the oldest entries were kept")
	}
	if !c.holds(key(10), u, last) || !c.holds(key(verifiedMax+9), u, last) {
		t.Error("recent entries were dropped")
	}
	c.add(key(-1), u, last.Add(verifiedLifetime))
	if n := len(c.entries); n != 1 {
		t.Errorf("%d entries after all others expired, want 1", n)
	}
}

// BenchmarkPasswordUser measures password logins with a digest of
// account.DefaultIterations: the first one derives, the others are remembered.
func BenchmarkPasswordUser(b *testing.B) {
	st, err := sqlite.Open(filepath.Join(b.TempDir(), "v.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	digest, err := account.HashPassword("s3cret", 0)
	if err != nil {
		b.Fatal(err)
	}
	if err := st.CreateUser(context.Background(), &vigil.User{Name: "bench", PasswordHash: digest}); err != nil {
		b.Fatal(err)
	}
	s := New(st, Config{})
	r := httptest.NewRequest("GET", "/api/me", nil)
	for b.Loop() {
		if _, err := s.passwordUser(r, "bench", "s3cret"); err != nil {
			b.Fatal(err)
		}
	}
}
