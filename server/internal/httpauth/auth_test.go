package httpauth

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/store/sqlite"
)

// testNow is the fixed time the tests start at.
var testNow = time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)

// testClock is a clock that a test moves by hand.
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

// newTestAuth returns an Auth over a new SQLite store holding one user,
// alice, whose password is returned, with a cheap digest.
func newTestAuth(t testing.TB, cfg Config) (*Auth, *vigil.User, string) {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	const pw = "alice-secret"
	digest, err := account.HashPassword(pw, 1000)
	if err != nil {
		t.Fatal(err)
	}
	u := &vigil.User{Name: "alice", PasswordHash: digest}
	if err := st.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return New(st, cfg), u, pw
}

func TestBasicAuthRemembersCorrectPasswords(t *testing.T) {
	clock := &testClock{at: testNow}
	a, alice, password := newTestAuth(t, Config{Now: clock.now})
	remembered := func(name, pw string) bool {
		return a.verified.holds(verificationKey(name, pw), alice, clock.now())
	}
	login := func(pw string) error {
		_, err := a.PasswordUser(httptest.NewRequest("GET", "/api/me", nil), "alice", pw)
		return err
	}
	if remembered("alice", password) {
		t.Fatal("a password is remembered before any login")
	}
	if err := login(password); err != nil {
		t.Fatalf("correct password: %v", err)
	}
	if !remembered("alice", password) {
		t.Error("a correct password is not remembered")
	}
	if err := login(password); err != nil {
		t.Errorf("correct password, remembered: %v", err)
	}
	for _, pw := range []string{"wrong", password + " "} {
		if err := login(pw); vigil.ErrorCode(err) != vigil.EUNAUTHORIZED {
			t.Errorf("password %q: error %v, want EUNAUTHORIZED", pw, err)
		}
		if remembered("alice", pw) {
			t.Errorf("a wrong password %q is remembered", pw)
		}
	}
	if n := len(a.verified.entries); n != 1 {
		t.Errorf("%d checks remembered, want 1", n)
	}
	clock.advance(verifiedLifetime)
	if remembered("alice", password) {
		t.Errorf("a password is still remembered after %v", verifiedLifetime)
	}
	if err := login(password); err != nil || !remembered("alice", password) {
		t.Errorf("correct password after expiry: error %v; want none and remembered again", err)
	}
}
