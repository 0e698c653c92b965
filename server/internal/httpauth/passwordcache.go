package httpauth

import (
	"crypto/sha256"
	"sync"
	"time"

	"vigil"
)

// Bounds of the memory of successful password checks.
const (
	verifiedLifetime = 5 * time.Minute
	verifiedMax      = 1024
)

// verifiedCache remembers recent successful password checks, so that a
// script sending the same Basic credentials with every request pays for
// the slow password derivation once every few minutes rather than each
// time. Failed checks are never remembered.
type verifiedCache struct {
	mu      sync.Mutex
	entries map[[sha256.Size]byte]verified
}

// verified is one remembered check: whose password it was, the digest it
// matched (so that a new password voids it) and until when it counts.
type verified struct {
	userID  int64
	digest  string
	expires time.Time
}

// verificationKey identifies a name and password pair without keeping the
// password itself.
func verificationKey(name, pw string) [sha256.Size]byte {
	return sha256.Sum256([]byte(name + "\x00" + pw))
}

// holds reports whether the pair with that key was checked against u's
// current digest less than verifiedLifetime ago.
func (c *verifiedCache) holds(key [sha256.Size]byte, u *vigil.User, now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.entries[key]
	return ok && now.Before(v.expires) && v.userID == u.ID && v.digest == u.PasswordHash
}

// add remembers a successful check of u's password, making room first
// when the cache is full.
func (c *verifiedCache) add(key [sha256.Size]byte, u *vigil.User, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[[sha256.Size]byte]verified)
	}
	if _, ok := c.entries[key]; !ok && len(c.entries) >= verifiedMax {
		c.evict(now)
	}
	c.entries[key] = verified{userID: u.ID, digest: u.PasswordHash, expires: now.Add(verifiedLifetime)}
}

// evict drops the expired entries, or the oldest one when none has
// expired; the caller holds the lock.
func (c *verifiedCache) evict(now time.Time) {
	var oldest [sha256.Size]byte
	var oldestExpires time.Time
	for k, v := range c.entries {
		switch {
		case !now.Before(v.expires):
			delete(c.entries, k)
		case oldestExpires.IsZero() || v.expires.Before(oldestExpires):
			oldest, oldestExpires = k, v.expires
		}
	}
	if len(c.entries) >= verifiedMax {
		delete(c.entries, oldest)
	}
}
