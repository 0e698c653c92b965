package fetch

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"vigil/clock"
)

// sweepFloor is the table size below which idle hosts are left alone.
const sweepFloor = 64

// HostLimiter keeps fetches polite: per host name (lower-cased, port
// ignored) at most perHost requests in flight, and at least gap between
// the starts of consecutive requests. It is safe for concurrent use.
type HostLimiter struct {
	perHost int
	gap     time.Duration
	clk     clock.Clock

	mu      sync.Mutex
	hosts   map[string]*hostSlot
	sweepAt int // table size that triggers the next sweep of idle hosts
}

// hostSlot is the state of one host.
type hostSlot struct {
	inFlight  int
	waiting   int           // Acquire calls blocked on this host
	lastStart time.Time     // start of the latest request; zero if none yet
	freed     chan struct{} // closed, and replaced, when a request ends
}

// NewHostLimiter returns a limiter allowing perHost (at least 1) requests
// in flight per host, starting at least gap apart, timed by clk (clock.Wall
// when nil).
func NewHostLimiter(perHost int, gap time.Duration, clk clock.Clock) *HostLimiter {
	if perHost < 1 {
		perHost = 1
	}
	if gap < 0 {
		gap = 0
	}
	if clk == nil {
		clk = clock.Wall{}
	}
	return &HostLimiter{perHost: perHost, gap: gap, clk: clk, hosts: map[string]*hostSlot{}, sweepAt: sweepFloor}
}

// Acquire waits until a request to rawURL's host may start, then counts it
// as started. The caller must call release when the request ends; calling
// it again does nothing. Acquire returns an error for a URL without a host,
// or when ctx ends first.
func (l *HostLimiter) Acquire(ctx context.Context, rawURL string) (release func(), err error) {
	host, err := hostKey(rawURL)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("fetch: waiting for a slot on %s: %w", host, err)
		}
		slot := l.slot(host)
		freed, timer, ready := l.tryStart(slot)
		if ready {
			return l.releaser(host, slot), nil
		}
		slot.waiting++
		l.mu.Unlock()
		select {
		case <-freed:
		case <-timer:
		case <-ctx.Done():
		}
		l.mu.Lock()
		slot.waiting--
	}
}

// hostKey returns the lower-cased host name of rawURL.
func hostKey(rawURL string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", fmt.Errorf("fetch: unable to limit %q: %w", RedactURL(rawURL), withoutURL(err))
	}
	if u.Hostname() == "" {
		return "", fmt.Errorf("fetch: unable to limit %q: the URL has no host", RedactURL(rawURL))
	}
	return strings.ToLower(u.Hostname()), nil
}

// HostOf returns the host name of rawURL as the limiter counts it (lower
// case, port ignored), or "" when the URL has none.
func HostOf(rawURL string) string {
	host, _ := hostKey(rawURL)
	return host
}

// slot returns host's state, creating it (and sweeping idle hosts when the
// table has grown) as needed. l.mu must be held.
func (l *HostLimiter) slot(host string) *hostSlot {
	if s, ok := l.hosts[host]; ok {
		return s
	}
	if len(l.hosts) >= l.sweepAt {
		l.sweep()
	}
	s := &hostSlot{freed: make(chan struct{})}
	l.hosts[host] = s
	return s
}

// tryStart starts a request on slot if its host allows one now. Otherwise
// it returns what to wait for before trying again: a request ending
// (freed) or the gap passing (timer); the other channel is nil. l.mu must
// be held.
func (l *HostLimiter) tryStart(slot *hostSlot) (freed <-chan struct{}, timer <-chan time.Time, ready bool) {
	if slot.inFlight >= l.perHost {
		return slot.freed, nil, false
	}
	now := l.clk.Now()
	if wait := slot.lastStart.Add(l.gap).Sub(now); !slot.lastStart.IsZero() && wait > 0 {
		return nil, l.clk.After(wait), false
	}
	slot.inFlight++
	slot.lastStart = now
	return nil, nil, true
}

// releaser returns the idempotent release function of one request.
func (l *HostLimiter) releaser(host string, slot *hostSlot) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			defer l.mu.Unlock()
			slot.inFlight--
			close(slot.freed)
			slot.freed = make(chan struct{})
			if l.hosts[host] == slot && l.idle(slot, l.clk.Now()) {
				delete(l.hosts, host)
			}
		})
	}
}

// idle reports whether slot no longer constrains anything and can be
// forgotten. l.mu must be held.
func (l *HostLimiter) idle(slot *hostSlot, now time.Time) bool {
	return slot.inFlight == 0 && slot.waiting == 0 && !now.Before(slot.lastStart.Add(l.gap))
}

// sweep forgets idle hosts and sets the size of the next sweep so that
// sweeping costs amortised constant time per new host. l.mu must be held.
func (l *HostLimiter) sweep() {
	now := l.clk.Now()
	for host, slot := range l.hosts {
		if l.idle(slot, now) {
			delete(l.hosts, host)
		}
	}
	l.sweepAt = max(sweepFloor, 2*len(l.hosts))
}
