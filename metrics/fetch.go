package metrics

import (
	"vigil"
)

// Fetched counts a stored fetch: its outcome, latency, bytes and the
// items it stored or changed. It makes Metrics a monitor.Events.
func (m *Metrics) Fetched(o vigil.Observation, outcome string) {
	m.fetches.WithLabelValues(outcome).Inc()
	m.fetchLatency.Observe(o.Latency.Seconds())
	m.fetchBytes.Add(float64(o.Bytes))
	m.itemsNew.Add(float64(o.NewItems))
	m.itemsUpdated.Add(float64(o.Updated))
}

// StoreFailed counts a fetch that came back but could not be stored.
func (m *Metrics) StoreFailed() { m.storeFailures.Inc() }
