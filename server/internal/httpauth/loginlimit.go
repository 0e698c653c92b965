package httpauth

import (
	"net/netip"
	"sync"
	"time"
)

// Bounds of the failed-login limiter: FailureLimit failures of one
// (address, user) pair in a FailureWindow lock that pair out for the rest
// of the window.
const (
	FailureLimit     = 10  // failures of one (address, user) pair per window
	addrFailureLimit = 100 // failures of one address over all user names per window
	nameFailureLimit = 30  // failures of one user name over all addresses per window
	// trustedNameLimit is nameFailureLimit for an address the user logged
	// in from: far higher, so that others' guessing does not lock the
	// owner out, yet finite, for guessers who share the owner's address
	// (a proxy that is not trusted, a NAT).
	trustedNameLimit = 300
	FailureWindow    = 10 * time.Minute
	failureAddrsMax  = 4096 // counted pairs, and counted addresses
	trustedUsersMax  = 4096 // users whose good addresses are remembered
	trustedAddrsMax  = 16   // good addresses remembered per user
	limitedNameMax   = 256  // bytes of a typed user name kept as a key
)

// failureLimiter counts failed password logins so that guessing passwords
// (and making the server derive them) stays slow, without letting anyone
// lock the owner of an account out of it:
//
//   - failures are counted per (client address, user name): ten wrong
//     passwords for alice from one address lock that address out of alice
//     for the rest of the window, not out of bob, and not alice's own
//     addresses out of alice;
//   - an address is also locked out of every name after addrFailureLimit
//     failures in a window, so that trying many names stays slow too;
//   - a user name is locked out of every address after nameFailureLimit
//     failures in a window, whatever addresses they came from, so that
//     guessing one account's password from many addresses (a botnet, or
//     clients behind a proxy that is not trusted) stays slow too;
//   - an address from which a user has logged in correctly is remembered
//     for that user (in memory, up to trustedAddrsMax per user), and a
//     login for that user from there is never locked out: the password is
//     checked, and a correct one lets the owner in, unless the name
//     failed trustedNameLimit times in the window. Behind a reverse proxy
//     that works only when the proxy is trusted (Config's TrustedProxies):
//     otherwise every client has the proxy's address, the owner's login
//     makes it trusted for everyone, and only trustedNameLimit stays.
//
// Windows are fixed, FailureWindow long from an address's first failure.
type failureLimiter struct {
	mu      sync.Mutex
	pairs   windowCounts[loginKey]
	addrs   windowCounts[netip.Prefix]
	names   windowCounts[string]
	trusted map[string]map[netip.Prefix]time.Time
}

// loginKey is a client address and the user name it tried.
type loginKey struct {
	addr netip.Prefix
	name string
}

// limitedKey returns the key of a login, the name cut to limitedNameMax
// bytes so that a hostile client cannot fill memory with long names.
func limitedKey(addr netip.Prefix, name string) loginKey {
	if len(name) > limitedNameMax {
		name = name[:limitedNameMax]
	}
	return loginKey{addr: addr, name: name}
}

// lockedFor returns how long addr stays locked out of logging in as name,
// or 0 when it may try.
func (l *failureLimiter) lockedFor(addr netip.Prefix, name string, now time.Time) time.Duration {
	key := limitedKey(addr, name)
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.trusted[key.name][addr]; ok {
		return l.names.lockedFor(key.name, trustedNameLimit, now)
	}
	return max(l.pairs.lockedFor(key, FailureLimit, now), l.addrs.lockedFor(addr, addrFailureLimit, now),
		l.names.lockedFor(key.name, nameFailureLimit, now))
}

// fail counts a failed login as name from addr.
func (l *failureLimiter) fail(addr netip.Prefix, name string, now time.Time) {
	key := limitedKey(addr, name)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.pairs.add(key, now)
	l.addrs.add(addr, now)
	if name != feverName { // Fever's unknown keys name no user
		l.names.add(key.name, now)
	}
}

// succeed remembers that name logged in correctly from addr.
func (l *failureLimiter) succeed(addr netip.Prefix, name string, now time.Time) {
	key := limitedKey(addr, name)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.trusted == nil {
		l.trusted = make(map[string]map[netip.Prefix]time.Time)
	}
	addrs, ok := l.trusted[key.name]
	if !ok {
		if len(l.trusted) >= trustedUsersMax {
			dropOne(l.trusted)
		}
		addrs = make(map[netip.Prefix]time.Time)
		l.trusted[key.name] = addrs
	}
	if _, ok := addrs[addr]; !ok && len(addrs) >= trustedAddrsMax {
		delete(addrs, oldest(addrs))
	}
	addrs[addr] = now
}

// dropOne removes an arbitrary entry of m.
func dropOne[K comparable, V any](m map[K]V) {
	for k := range m {
		delete(m, k)
		return
	}
}

// oldest returns the address last seen longest ago.
func oldest(addrs map[netip.Prefix]time.Time) netip.Prefix {
	var o netip.Prefix
	var at time.Time
	for a, t := range addrs {
		if at.IsZero() || t.Before(at) {
			o, at = a, t
		}
	}
	return o
}
