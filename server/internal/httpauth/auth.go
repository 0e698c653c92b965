// Package httpauth tells who is asking, for every HTTP face of vigil: API
// tokens and passwords (with a failed-login limiter and a short memory of
// correct passwords), web sessions and their CSRF tokens, and the logins
// of the Google Reader and Fever apps. It also records when users look at
// their items, which refresh policies learn from.
package httpauth

import (
	"crypto/rand"
	"log/slog"
	"net/netip"
	"time"
)

// Config adjusts an Auth; its zero value works.
type Config struct {
	// Now tells the time; nil means time.Now.
	Now func() time.Time
	// SecureCookies marks the session cookie Secure, for HTTPS deployments.
	SecureCookies bool
	// Logger receives the failures to record accesses; nil means
	// slog.Default().
	Logger *slog.Logger
	// TrustedProxies are the reverse proxies whose forwarding headers
	// (Forwarded, X-Forwarded-For) name the client whose failed logins are
	// counted; from any other peer those headers are ignored.
	TrustedProxies []netip.Prefix
}

// Auth authenticates requests against a store; one Auth serves every
// handler of a server, so that they share its lockouts and its memory of
// checked passwords.
type Auth struct {
	st            Store
	now           func() time.Time
	log           *slog.Logger
	secureCookies bool
	csrfKey       []byte
	verified      verifiedCache
	failures      failureLimiter
	accesses      accessNotes
	proxies       []netip.Prefix
}

// New returns an Auth over st configured by cfg, with a new random key
// for the CSRF tokens of its sessions.
func New(st Store, cfg Config) *Auth {
	a := &Auth{st: st, now: cfg.Now, log: cfg.Logger, secureCookies: cfg.SecureCookies, csrfKey: make([]byte, 32),
		proxies: cfg.TrustedProxies}
	if a.now == nil {
		a.now = time.Now
	}
	if a.log == nil {
		a.log = slog.Default()
	}
	rand.Read(a.csrfKey) // never fails: crypto/rand aborts the program instead
	return a
}
