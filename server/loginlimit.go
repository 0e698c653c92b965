package server

import (
	"net/http"
	"net/netip"
	"sync"
	"time"
)

// Bounds of the failed-login limiter.
const (
	failureLimit    = 10
	failureWindow   = 10 * time.Minute
	failureAddrsMax = 4096
)

// failureLimiter counts the failed password logins of each client address
// in fixed windows of failureWindow, and locks an address out for the rest
// of its window once it has failed failureLimit times, so that guessing
// passwords (and making the server derive them) stays slow.
type failureLimiter struct {
	mu    sync.Mutex
	addrs map[netip.Prefix]failures
}

// failures are the failed logins of one address in its current window.
type failures struct {
	since time.Time
	count int
}

// clientAddr returns the address whose failures a request counts for: the
// client's IPv4 address, or the /64 network of its IPv6 address, since a
// single host commonly holds a whole /64.
func clientAddr(r *http.Request) netip.Prefix {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Prefix{} // every unparsable address shares one count
	}
	ip := ap.Addr().Unmap().WithZone("")
	bits := 64
	if ip.Is4() {
		bits = 32
	}
	p, _ := ip.Prefix(bits) // bits fits the address family
	return p
}

// lockedFor returns how long addr stays locked out, or 0 when it may try.
func (l *failureLimiter) lockedFor(addr netip.Prefix, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	f, ok := l.addrs[addr]
	if !ok || f.count < failureLimit {
		return 0
	}
	return max(f.since.Add(failureWindow).Sub(now), 0)
}

// fail counts a failed login from addr, starting a new window when the
// last one has passed, and making room first when the table is full.
func (l *failureLimiter) fail(addr netip.Prefix, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.addrs == nil {
		l.addrs = make(map[netip.Prefix]failures)
	}
	f, ok := l.addrs[addr]
	if !ok && len(l.addrs) >= failureAddrsMax {
		l.evict(now)
	}
	if !ok || !now.Before(f.since.Add(failureWindow)) {
		f = failures{since: now}
	}
	f.count++
	l.addrs[addr] = f
}

// evict drops the addresses whose window has passed, or the one with the
// oldest window when none has; the caller holds the lock.
func (l *failureLimiter) evict(now time.Time) {
	var oldest netip.Prefix
	var oldestSince time.Time
	for a, f := range l.addrs {
		switch {
		case !now.Before(f.since.Add(failureWindow)):
			delete(l.addrs, a)
		case oldestSince.IsZero() || f.since.Before(oldestSince):
			oldest, oldestSince = a, f.since
		}
	}
	if len(l.addrs) >= failureAddrsMax {
		delete(l.addrs, oldest)
	}
}
