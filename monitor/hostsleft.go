package monitor

import (
	"context"
	"sync"

	"vigil/fetch"
	"vigil/store"
)

// hostsLeft counts, for each host, the feeds of a fetch pass not yet
// fetched or skipped, so that the pass keeps its shared lease on a host
// between two of its fetches there (store.Coordinator.KeepHost) instead
// of ending it and taking it again: two round trips to the database a
// fetch, saved for all but a host's last fetch of the pass.
type hostsLeft struct {
	mu   sync.Mutex
	left map[string]int
}

// newHostsLeft counts the feeds of refs by host; nil without a
// coordinator, where there is no shared lease to keep.
func (m *Monitor) newHostsLeft(refs []store.FeedRef) *hostsLeft {
	if m.coord == nil {
		return nil
	}
	h := &hostsLeft{left: make(map[string]int)}
	for _, r := range refs {
		if host, err := fetch.HostKey(r.URL); err == nil {
			h.left[host]++
		}
	}
	return h
}

// done counts off a feed of host, fetched or skipped, and tells whether
// the pass has more feeds there. A nil hostsLeft has none.
func (h *hostsLeft) done(host string) bool {
	if h == nil {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	n := h.left[host] - 1
	if n <= 0 {
		delete(h.left, host)
		return false
	}
	h.left[host] = n
	return true
}

// skip counts off a feed of the pass left unfetched.
func (h *hostsLeft) skip(rawURL string) {
	if h == nil {
		return
	}
	if host, err := fetch.HostKey(rawURL); err == nil {
		h.done(host)
	}
}

// releaseKept ends the shared leases a pass kept and did not use again.
func (m *Monitor) releaseKept(ctx context.Context) {
	if m.coord == nil {
		return
	}
	if err := m.coord.ReleaseKept(context.WithoutCancel(ctx)); err != nil {
		m.log.Error("releasing the hosts kept for the pass", "error", err)
	}
}
