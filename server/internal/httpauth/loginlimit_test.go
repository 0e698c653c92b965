package httpauth

import (
	"fmt"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"
)

func TestFailureLimiterPerAddressAndUser(t *testing.T) {
	var l failureLimiter
	a, b := netip.MustParsePrefix("192.0.2.1/32"), netip.MustParsePrefix("192.0.2.2/32")
	for range FailureLimit {
		l.fail(a, "alice", testNow)
	}
	tests := []struct {
		name string
		addr netip.Prefix
		user string
		at   time.Duration
		want time.Duration
	}{
		{"the pair that failed", a, "alice", time.Minute, FailureWindow - time.Minute},
		{"another address", b, "alice", 0, 0},
		{"another user", a, "bob", 0, 0},
		{"after the window", a, "alice", FailureWindow, 0},
	}
	for _, tt := range tests {
		if got := l.lockedFor(tt.addr, tt.user, testNow.Add(tt.at)); got != tt.want {
			t.Errorf("%s: %s locked out of %s for %v, want %v", tt.name, tt.addr, tt.user, got, tt.want)
		}
	}
	l.succeed(b, "alice", testNow)
	for range FailureLimit {
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
	if got := l.lockedFor(a, "someone", testNow); got != FailureWindow {
		t.Errorf("after %d failures over many names: locked for %v, want %v", addrFailureLimit, got, FailureWindow)
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
	l.fail(addr(-1), "alice", testNow.Add(FailureWindow+time.Hour))
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
