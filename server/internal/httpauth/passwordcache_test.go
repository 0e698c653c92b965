package httpauth

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/store/sqlite"
)

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
	a := New(st, Config{})
	r := httptest.NewRequest("GET", "/api/me", nil)
	for b.Loop() {
		if _, err := a.PasswordUser(r, "bench", "s3cret"); err != nil {
			b.Fatal(err)
		}
	}
}
