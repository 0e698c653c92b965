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
	a := New(nil, Config{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("10.0.0.0/8")}})
	tests := []struct {
		name, remote string
		header       map[string]string
		want         string
	}{
		{"IPv4", "192.0.2.1:1234", nil, "192.0.2.1/32"},
		{"mapped IPv4", "[::ffff:192.0.2.1]:1234", nil, "192.0.2.1/32"},
		{"IPv6 /64", "[2001:db8:1:2:3:4:5:6]:443", nil, "2001:db8:1:2::/64"},
		{"zone dropped", "[fe80::1%eth0]:80", nil, "fe80::/64"},
		{"unparsable", "not an address", nil, "invalid Prefix"},
		{"untrusted peer's header ignored", "192.0.2.1:1234", map[string]string{"X-Forwarded-For": "198.51.100.9"}, "192.0.2.1/32"},
		{"trusted proxy without header", "127.0.0.1:5000", nil, "127.0.0.1/32"},
		{"X-Forwarded-For through a trusted proxy", "127.0.0.1:5000", map[string]string{"X-Forwarded-For": "198.51.100.9"}, "198.51.100.9/32"},
		{"rightmost untrusted, spoofed left part ignored", "127.0.0.1:5000",
			map[string]string{"X-Forwarded-For": "203.0.113.5, 198.51.100.9, 10.1.2.3"}, "198.51.100.9/32"},
		{"every hop trusted: the leftmost", "127.0.0.1:5000", map[string]string{"X-Forwarded-For": "10.9.9.9, 10.1.2.3"}, "10.9.9.9/32"},
		{"unknown stops at its proxy", "127.0.0.1:5000", map[string]string{"X-Forwarded-For": "198.51.100.9, unknown, 10.1.2.3"}, "10.1.2.3/32"},
		{"Forwarded preferred", "127.0.0.1:5000",
			map[string]string{"Forwarded": `for=198.51.100.7;proto=https, for="[2001:db8::1]:4711"`, "X-Forwarded-For": "203.0.113.5"}, "2001:db8::/64"},
		{"Forwarded with port", "127.0.0.1:5000", map[string]string{"Forwarded": `for="198.51.100.7:8443"`}, "198.51.100.7/32"},
		{"Forwarded obfuscated", "127.0.0.1:5000", map[string]string{"Forwarded": `for=_hidden`}, "127.0.0.1/32"},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tt.remote
		for k, v := range tt.header {
			r.Header.Set(k, v)
		}
		if got := a.clientAddr(r).String(); got != tt.want {
			t.Errorf("%s: clientAddr = %s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestFailureLimiterPerName checks that guesses at one name from many
// addresses lock the name out of new addresses, not out of the addresses
// its owner logged in from.
func TestFailureLimiterPerName(t *testing.T) {
	var l failureLimiter
	owner := netip.MustParsePrefix("192.0.2.1/32")
	l.succeed(owner, "alice", testNow)
	for i := range nameFailureLimit {
		l.fail(netip.PrefixFrom(netip.AddrFrom4([4]byte{198, 51, 100, byte(i)}), 32), "alice", testNow)
	}
	fresh := netip.MustParsePrefix("203.0.113.1/32")
	if got := l.lockedFor(fresh, "alice", testNow); got != FailureWindow {
		t.Errorf("after %d failures from as many addresses, a new address is locked for %v, want %v", nameFailureLimit, got, FailureWindow)
	}
	if got := l.lockedFor(owner, "alice", testNow); got != 0 {
		t.Errorf("the owner's address is locked for %v", got)
	}
	if got := l.lockedFor(fresh, "bob", testNow); got != 0 {
		t.Errorf("another name is locked for %v", got)
	}
	for range trustedNameLimit - nameFailureLimit {
		l.fail(owner, "alice", testNow) // guessers sharing the owner's address
	}
	if got := l.lockedFor(owner, "alice", testNow); got != FailureWindow {
		t.Errorf("after %d failures of the name, the owner's address is locked for %v, want %v", trustedNameLimit, got, FailureWindow)
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
