package monitor

import "vigil/fetch"

// claimOutcome is what claim did.
type claimOutcome int

const (
	claimed      claimOutcome = iota // the feed is now in flight here
	alreadyOwned                     // this process is fetching it already
	hostBusy                         // its host holds its share of workers
)

// claim marks a feed as in flight in this process, unless it already is
// or its host already holds PerHost claims. A claim holds a worker from
// the moment a feed is handed over, through the wait for its host, to the
// end of its fetch: counting claims per host keeps a slow host (whose
// requests stay in flight) from taking more than PerHost workers, so the
// due feeds of other hosts proceed.
func (m *Monitor) claim(id int64, url string) claimOutcome {
	host := fetch.HostOf(url)
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.inflight[id]; ok {
		return alreadyOwned
	}
	if m.hostClaims[host] >= m.cfg.PerHost {
		return hostBusy
	}
	m.inflight[id] = host
	m.hostClaims[host]++
	return claimed
}

// release ends a claim and tells those waiting for a host that one ended.
func (m *Monitor) release(id int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	host, ok := m.inflight[id]
	if !ok {
		return
	}
	delete(m.inflight, id)
	if m.hostClaims[host]--; m.hostClaims[host] <= 0 {
		delete(m.hostClaims, host)
	}
	close(m.released)
	m.released = make(chan struct{})
}

// releasedSignal returns a channel closed at the next release.
func (m *Monitor) releasedSignal() <-chan struct{} {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.released
}

// inflightCount is the number of feeds claimed by this process.
func (m *Monitor) inflightCount() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.inflight)
}

// isInflight reports whether this process is fetching the feed.
func (m *Monitor) isInflight(id int64) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.inflight[id]
	return ok
}
