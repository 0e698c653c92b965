package monitor

import "time"

// storeRetryDelay returns how long to wait before fetching again a feed
// whose fetch came back but could not be stored, after failures such
// failures in a row: StoreRetryBase doubled per failure, at most
// StoreRetryCap. A store failure says nothing of the feed, so it neither
// counts as the feed's failure nor waits the feed's failure backoff.
func (c Config) storeRetryDelay(failures int) time.Duration {
	d := c.StoreRetryBase
	for i := 1; i < failures && d < c.StoreRetryCap; i++ {
		d *= 2
	}
	return min(d, c.StoreRetryCap)
}

// storeFailed notes that a fetch of the feed id could not be stored and
// returns how many times in a row that has happened.
func (m *Monitor) storeFailed(id int64) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.storeFailures[id]++
	return m.storeFailures[id]
}

// stored forgets the store failures of the feed id once a fetch of it is
// stored.
func (m *Monitor) stored(id int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.storeFailures, id)
}
