package server

import (
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
	alice := e.user("alice")
	b := e.browser()
	for i := range failureLimit - 1 {
		if i%2 == 0 {
			if status := e.basicStatus("alice", "wrong"); status != http.StatusUnauthorized {
				t.Fatalf("wrong Basic password %d: status %d, want 401", i, status)
			}
		} else if status, _, _ := b.post("/login", url.Values{"name": {"alice"}, "password": {"x"}}); status != http.StatusUnauthorized {
			t.Fatalf("wrong form login %d: status %d, want 401", i, status)
		}
	}
	if status := e.basicStatus("alice", alice.password); status != http.StatusOK {
		t.Fatalf("correct password after %d failures: status %d, want 200", failureLimit-1, status)
	}
	if status := e.basicStatus("mallory", "guess"); status != http.StatusUnauthorized {
		t.Fatalf("failure %d: status %d, want 401", failureLimit, status)
	}

	clock.advance(time.Minute)
	req := e.request("GET", "/api/me", nil)
	req.SetBasicAuth("alice", alice.password)
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
	resp, err = b.client.PostForm(e.url+"/login", url.Values{"name": {"alice"}, "password": {alice.password}})
	if err != nil {
		t.Fatal(err)
	}
	status, _, body = answer(t, resp)
	if status != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != "540" || !strings.Contains(body, "too many failed logins") {
		t.Errorf("locked-out form login: status %d, Retry-After %q; want 429 and 540\n%s", status, resp.Header.Get("Retry-After"), body)
	}
	if status, _ := e.call("GET", "/api/me", alice.token, nil); status != http.StatusOK {
		t.Errorf("API token while locked out: status %d, want 200", status)
	}

	clock.advance(failureWindow - time.Minute)
	if status := e.basicStatus("alice", alice.password); status != http.StatusOK {
		t.Errorf("correct password once the window passed: status %d, want 200", status)
	}
	if status := e.basicStatus("alice", "wrong"); status != http.StatusUnauthorized {
		t.Errorf("a failure in a new window: status %d, want 401", status)
	}
	if status := e.basicStatus("alice", alice.password); status != http.StatusOK {
		t.Errorf("one failure in a new window locks out: status %d, want 200", status)
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

func TestFailureLimiterPerAddress(t *testing.T) {
	var l failureLimiter
	a, b := netip.MustParsePrefix("192.0.2.1/32"), netip.MustParsePrefix("192.0.2.2/32")
	for range failureLimit {
		l.fail(a, testNow)
	}
	if got := l.lockedFor(a, testNow.Add(time.Minute)); got != failureWindow-time.Minute {
		t.Errorf("%s locked for %v, want %v", a, got, failureWindow-time.Minute)
	}
	if got := l.lockedFor(b, testNow); got != 0 {
		t.Errorf("%s, which never failed, locked for %v", b, got)
	}
	if got := l.lockedFor(a, testNow.Add(failureWindow)); got != 0 {
		t.Errorf("%s still locked for %v once the window passed", a, got)
	}
}

func TestFailureLimiterIsBounded(t *testing.T) {
	var l failureLimiter
	addr := func(i int) netip.Prefix {
		return netip.PrefixFrom(netip.AddrFrom4([4]byte{10, byte(i >> 16), byte(i >> 8), byte(i)}), 32)
	}
	for i := range failureAddrsMax + 10 {
		l.fail(addr(i), testNow.Add(time.Duration(i)*time.Millisecond))
	}
	if n := len(l.addrs); n != failureAddrsMax {
		t.Errorf("%d addresses kept, want %d", n, failureAddrsMax)
	}
	if _, ok := l.addrs[addr(0)]; ok {
		t.Error("the oldest address was kept")
	}
	l.fail(addr(-1), testNow.Add(failureWindow+time.Hour))
	if n := len(l.addrs); n != 1 {
		t.Errorf("%d addresses kept after all windows passed, want 1", n)
	}
}
