package reading

import (
	"sync"

	"github.com/microcosm-cc/bluemonday"
)

// Bounds of the cache of sanitised item HTML.
const (
	// defaultSanitizeCacheBytes bounds the HTML the cache holds (inputs
	// and results) when Config.SanitizeCacheBytes is 0.
	defaultSanitizeCacheBytes = 32 << 20
	// maxCachedHTML is the longest input kept: longer ones are rare and
	// would crowd out the many short ones a listing shows.
	maxCachedHTML = 64 << 10
)

// cleaner sanitises HTML with a bluemonday policy and remembers recent
// results, keyed by the input itself, so an item listed again (the newest
// pages are read over and over) is not parsed again: sanitising was an
// eighth of the CPU of an item listing. A policy gives the same output for
// the same input, so a hit is exactly what sanitising would return, and
// there is nothing to invalidate when an item changes.
//
// The cache holds two generations: when the current one passes half the
// budget it becomes the old one and the older is dropped, so entries read
// in the last half budget survive, at most the budget is held, and no
// per-entry bookkeeping is needed.
type cleaner struct {
	policy *bluemonday.Policy
	half   int // bytes a generation may hold; 0 disables the cache

	mu       sync.Mutex
	cur, old map[string]string
	curBytes int
}

// newCleaner returns a cleaner for policy holding about budget bytes of
// HTML; a budget of 0 or less disables the cache.
func newCleaner(policy *bluemonday.Policy, budget int) *cleaner {
	return &cleaner{policy: policy, half: max(budget, 0) / 2, cur: map[string]string{}}
}

// Sanitize returns html cleaned by the policy.
func (c *cleaner) Sanitize(html string) string {
	if html == "" || c.half == 0 || len(html) > maxCachedHTML {
		return c.policy.Sanitize(html)
	}
	if out, ok := c.lookup(html); ok {
		return out
	}
	out := c.policy.Sanitize(html)
	c.store(html, out)
	return out
}

// SanitizeBytes returns b cleaned by the policy, without the cache: it
// serves whole page versions, which are large and seldom shown twice.
func (c *cleaner) SanitizeBytes(b []byte) []byte { return c.policy.SanitizeBytes(b) }

// lookup returns the cached result for html, moving an entry of the old
// generation into the current one.
func (c *cleaner) lookup(html string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if out, ok := c.cur[html]; ok {
		return out, true
	}
	out, ok := c.old[html]
	if ok {
		c.add(html, out)
	}
	return out, ok
}

// store records the result for html.
func (c *cleaner) store(html, out string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.add(html, out)
}

// add puts an entry into the current generation, starting a new one when
// it is full; c.mu is held.
func (c *cleaner) add(html, out string) {
	if _, ok := c.cur[html]; ok {
		return
	}
	size := len(html) + len(out)
	if c.curBytes+size > c.half {
		c.old, c.cur, c.curBytes = c.cur, map[string]string{}, 0
	}
	c.cur[html] = out
	c.curBytes += size
}
