package server

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestFailedLoginsLockOutTheAddress(t *testing.T) {
	clock := &testClock{at: testNow}
	e := newEnv(t, Config{Now: clock.now})
	bob := e.user("bob")
	e.user("carol")
	b := e.browser()
	for i := range failureLimit {
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

	clock.advance(failureWindow - time.Minute)
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
	for i := range failureLimit + 5 {
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

func TestFailureLimiterPerAddressAndUser(t *testing.T) {
	var l failureLimiter
	a, b := netip.MustParsePrefix("192.0.2.1/32"), netip.MustParsePrefix("192.0.2.2/32")
	for range failureLimit {
		l.fail(a, "alice", testNow)
	}
	tests := []struct {
		name string
		addr netip.Prefix
		user string
		at   time.Duration
		want time.Duration
	}{
		{"the pair that failed", a, "alice", time.Minute, failureWindow - time.Minute},
		{"another address", b, "alice", 0, 0},
		{"another user", a, "bob", 0, 0},
		{"after the window", a, "alice", failureWindow, 0},
	}
	for _, tt := range tests {
		if got := l.lockedFor(tt.addr, tt.user, testNow.Add(tt.at)); got != tt.want {
			t.Errorf("%s: %s locked out of %s for %v, want %v", tt.name, tt.addr, tt.user, got, tt.want)
		}
	}
	l.succeed(b, "alice", testNow)
	for range failureLimit {
		l.fail(b, "alice", testNow)
	}
	if got := l.lockedFor(b, "alice", testNow); got != 0 {
		t.Errorf("an address alice logged in from is locked out of alice for %v", got)
	}
}

func TestFailureLimiterPerAddressOverAllNames(t *testing.T) {
	var l failureLimiter
	a := netip.MustParsePrefix("192.0.2.1/32")
	for i := range addrFailureLimit {
		l.fail(a, fmt.Sprint("user", i), testNow)
	}
	if got := l.lockedFor(a, "someone", testNow); got != failureWindow {
		t.Errorf("after %d failures over many names: locked for %v, want %v", addrFailureLimit, got, failureWindow)
	}
	l.succeed(a, "owner", testNow)
	if got := l.lockedFor(a, "owner", testNow); got != 0 {
		t.Errorf("the owner's own address locked for %v", got)
	}
}

func TestClientAddr(t *testing.T) {
	tests := []struct {
		remote, want string
	}{
		{"192.0.2.1:1234", "192.0.2.1/32"},
		{"[::ffff:192.0.2.1]:1234", "192.0.2.1/32"},
		{"[2001:db8:1:2:3:4:5:6]:443", "2001:db8:1:2::/64"},
		{"[fe80::1%eth0]:80", "fe80::/64"},
		{"not an address", "invalid Prefix"},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tt.remote
		if got := clientAddr(r).String(); got != tt.want {
			t.Errorf("clientAddr(%q) = %s, want %s", tt.remote, got, tt.want)
		}
	}
}

func TestFailureLimiterIsBounded(t *testing.T) {
	var l failureLimiter
	addr := func(i int) netip.Prefix {
		return netip.PrefixFrom(netip.AddrFrom4([4]byte{10, byte(i >> 16), byte(i >> 8), byte(i)}), 32)
	}
	for i := range failureAddrsMax + 10 {
		l.fail(addr(i), "alice", testNow.Add(time.Duration(i)*time.Millisecond))
	}
	if n := len(l.addrs.m); n != failureAddrsMax || len(l.pairs.m) != failureAddrsMax {
		t.Errorf("%d addresses kept, want %d", n, failureAddrsMax)
	}
	if _, ok := l.addrs.m[addr(0)]; ok {
		t.Error("the oldest address was kept")
	}
	l.fail(addr(-1), "alice", testNow.Add(failureWindow+time.Hour))
	if n := len(l.addrs.m); n != 1 {
		t.Errorf("%d addresses kept after all windows passed, want 1", n)
	}
	for i := range trustedAddrsMax + 1 {
		l.succeed(addr(i), "alice", testNow.Add(time.Duration(i)*time.Second))
	}
	if n := len(l.trusted["alice"]); n != trustedAddrsMax {
		t.Errorf("%d good addresses kept for alice, want %d", n, trustedAddrsMax)
	}
	if _, ok := l.trusted["alice"][addr(0)]; ok {
		t.Error("alice's oldest good address was kept")
	}
}
