package monitor

import "vigil"

// Outcomes of a fetch, as Events.Fetched names them.
const (
	OutcomeFetched     = "fetched"      // 2xx, parsed
	OutcomeNotModified = "not_modified" // 304
	OutcomeThrottled   = "throttled"    // 429 or 503: the server asks to wait
	OutcomeMissing     = "missing"      // 404 or 410
	OutcomeFailed      = "failed"       // any other failure
)

// Events hears what the monitor did, e.g. to count it in metrics. Its
// methods are called from the fetching goroutines and must be safe for
// concurrent use and quick.
type Events interface {
	// Fetched reports a stored fetch: its observation (status, bytes,
	// latency, new and updated items) and its outcome.
	Fetched(o vigil.Observation, outcome string)
	// StoreFailed reports a fetch that came back but could not be stored
	// (a database error): it is retried soon and is not the feed's failure.
	StoreFailed()
}

// String names the verdict as an outcome for Events.
func (v verdict) String() string {
	switch v {
	case fetched:
		return OutcomeFetched
	case notModified:
		return OutcomeNotModified
	case throttled:
		return OutcomeThrottled
	case missing:
		return OutcomeMissing
	default:
		return OutcomeFailed
	}
}
