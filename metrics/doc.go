// Package metrics counts what vigil does, for Prometheus: fetches by
// outcome, their latency and bytes, items stored, the fetch budget used
// and left, the backlog of due feeds, the profiler's lag, HTTP requests by
// route and status, and the latency of store operations. It is an adapter
// at the edge: the monitor reports fetches through monitor.Events, the
// server reports requests through Request, a timed store.Store reports
// store operations, and the gauges are read from the store when scraped.
package metrics
