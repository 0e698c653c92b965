package vigil

import (
	"encoding/json"
	"net/http"
)

// FeedState is what every interface (the command line, the web pages, the
// API) shows as a feed's state. Feed.State decides it, in one place.
type FeedState string

// Feed states, from the stored FeedStatus and the last fetches.
const (
	StateNew     FeedState = "new"     // not fetched yet
	StateActive  FeedState = "active"  // the last fetch went well
	StateWaiting FeedState = "waiting" // the server asked vigil to wait (429 or 503): no failure
	StateFailing FeedState = "failing" // the last fetch failed; not yet broken or gone
	StateBroken  FeedState = "broken"  // failures have lasted longer than the broken threshold
	StateGone    FeedState = "gone"    // the server answered 404 or 410 repeatedly
)

// AsksToWait reports whether an HTTP status asks the client to come back
// later (429 Too Many Requests, 503 Service Unavailable), which vigil
// takes as a wait, not a failure.
func AsksToWait(status int) bool {
	return status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable
}

// State decides the feed's state: gone and broken as the monitor judged
// them (Status), waiting while the server's last answer asked vigil to
// wait (429 Too Many Requests or 503 Service Unavailable, which the monitor
// does not count as failures), failing while its last fetch failed (a
// failure count, an error or another HTTP error status), new before its
// first fetch, else active.
func (f Feed) State() FeedState {
	switch {
	case f.Status == FeedGone:
		return StateGone
	case f.Status == FeedBroken:
		return StateBroken
	case f.Failures == 0 && AsksToWait(f.LastStatus):
		return StateWaiting
	case f.Failures > 0 || f.LastError != "" || f.LastStatus >= 400:
		return StateFailing
	case f.LastFetch.IsZero() && f.LastSuccess.IsZero():
		return StateNew
	default:
		return StateActive
	}
}

// feedFields is Feed without its methods.
type feedFields Feed

// MarshalJSON writes the feed with its state, as State decides it.
func (f Feed) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		feedFields
		State FeedState `json:"state"`
	}{feedFields(f), f.State()})
}
