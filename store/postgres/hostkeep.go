package postgres

import (
	"context"
	"time"
)

// keptHost is a host lease this worker holds in the database between two
// of its requests to the host (KeepHost): when it was taken and when the
// last request ended.
type keptHost struct {
	leased, end time.Time
}

// keepFor is the share of the lease within which a kept host lease is
// taken back without a round trip: a request started then ends, within
// the fetch's timeout, well before the lease does (the lease is longer
// than a fetch plus storing it; a kept one serves starts in its first
// quarter, leaving three quarters of it to the last request).
func (c *Coordinator) keepFor() time.Duration { return c.lease / 4 }

// KeepHost notes that this worker's request to host ended at end and
// that it will ask for the host again soon: instead of ending the lease
// (ReleaseHost, a round trip) it keeps it, for its next AcquireHost of the
// host to take back without one once the gap from end has passed. Other
// workers wait for the host meanwhile, as they wait for a request in
// flight. A kept lease taken back more than a quarter of the lease after
// it was taken is ended and taken afresh instead; ReleaseKept ends those
// never taken back, and a crash leaves them to expire with the lease.
// This worker ends the leases it keeps as soon as it finds a host it asks
// for held by another (AcquireHostRenewing): two passes each keeping a
// host the other's fetchers all wait for would otherwise wait for each
// other until the leases expire.
func (c *Coordinator) KeepHost(host string, end time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	leased, ok := c.leased[host]
	if !ok {
		return // not held (taken before a restart of the map): nothing to keep
	}
	delete(c.leased, host)
	c.kept[host] = keptHost{leased: leased, end: end}
}

// ReleaseKept ends the leases of every host KeepHost kept and no
// AcquireHost took back, in one statement.
func (c *Coordinator) ReleaseKept(ctx context.Context) error {
	c.mu.Lock()
	hosts, ends := make([]string, 0, len(c.kept)), make([]int64, 0, len(c.kept))
	for h, k := range c.kept {
		hosts, ends = append(hosts, h), append(ends, instant(k.end.Add(c.gap)))
	}
	clear(c.kept)
	c.mu.Unlock()
	if len(hosts) == 0 {
		return nil
	}
	_, err := c.exec(ctx,
		`UPDATE hosts h SET claimed_by = NULL, lease_until = NULL, next_allowed = k.next_allowed
		 FROM unnest($1::text[], $2::bigint[]) AS k(host, next_allowed)
		 WHERE h.host = k.host AND h.claimed_by = $3`, hosts, ends, c.worker)
	return dialect.WrapIf("release kept hosts", err)
}

// takeKept takes back the kept lease of host at now, without a round
// trip. ok is false when none is kept, or when the kept one was too old
// and stale reports its end (to end it before taking the host afresh);
// held is set when the gap from the last request's end has not passed,
// with retry when it does.
func (c *Coordinator) takeKept(host string, now time.Time) (ok, held bool, retry time.Time, stale *time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k, found := c.kept[host]
	switch {
	case !found:
		return false, false, time.Time{}, nil
	case now.Sub(k.leased) >= c.keepFor():
		delete(c.kept, host)
		return false, false, time.Time{}, &k.end
	case now.Before(k.end.Add(c.gap)):
		return false, true, k.end.Add(c.gap), nil
	}
	delete(c.kept, host)
	c.leased[host] = k.leased
	return true, false, time.Time{}, nil
}

// noteLeased notes that this worker took the lease on host at now.
func (c *Coordinator) noteLeased(host string, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.leased[host] = now
}
