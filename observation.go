package vigil

import "time"

// Observation is the ledger entry of one fetch, stored before any decision
// depends on it. Models can be rebuilt from observations alone.
type Observation struct {
	ID          int64         `json:"id"`
	FeedID      int64         `json:"feed_id"`
	At          time.Time     `json:"at"`              // when the fetch started
	Status      int           `json:"status"`          // HTTP status; 0 when no response came
	Bytes       int64         `json:"bytes"`           // body bytes read
	Latency     time.Duration `json:"-"`               // time to the whole response; JSON latency_s
	Items       int           `json:"items"`           // items the feed showed
	NewItems    int           `json:"new_items"`       // items stored for the first time
	Updated     int           `json:"updated_items"`   // items whose content changed
	NotModified bool          `json:"not_modified"`    // a 304 answer
	Error       string        `json:"error,omitempty"` // what went wrong, in words
	// Pushed is true when a WebSub hub delivered the content (a fat ping)
	// rather than a fetch bringing it; Status, Bytes and Items describe
	// what the hub sent.
	Pushed bool `json:"pushed,omitempty"`
}

// Fetched is what one fetch brought back, ready to be stored in one
// transaction together with its observation.
type Fetched struct {
	FeedID      int64
	Observation Observation
	// Items are the parsed items in feed order; nil when the fetch failed or
	// the server answered 304.
	Items []Item
}

// Ingested reports what storing a fetch changed.
type Ingested struct {
	New     []Item // items stored for the first time, with IDs
	Updated []Item // items whose content changed
}
