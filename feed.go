package vigil

import (
	"encoding/json"
	"time"
)

// FeedStatus says whether a feed is healthy, failing for a long time, or gone.
type FeedStatus string

// Feed statuses. A broken or gone feed is still fetched, only more rarely:
// vigil never silently stops watching a feed that people follow.
const (
	FeedActive FeedStatus = "active" // fetched normally
	FeedBroken FeedStatus = "broken" // failures have lasted longer than the broken threshold
	FeedGone   FeedStatus = "gone"   // the server answered 404 or 410 repeatedly
)

// Feed is one source URL, fetched once for all the users who follow it.
type Feed struct {
	ID          int64      `json:"id"`
	URL         string     `json:"url"`
	Title       string     `json:"title"`
	SiteURL     string     `json:"site_url,omitempty"`
	Description string     `json:"description,omitempty"`
	Language    string     `json:"language,omitempty"`
	Status      FeedStatus `json:"status"`
	CreatedAt   time.Time  `json:"created_at"`

	// Conditional GET validators from the last successful response.
	ETag         string `json:"-"`
	LastModified string `json:"-"`

	LastFetch    time.Time `json:"last_fetch,omitzero"`
	LastSuccess  time.Time `json:"last_success,omitzero"`
	NextFetch    time.Time `json:"next_fetch,omitzero"`
	LastStatus   int       `json:"last_status,omitempty"`
	LastError    string    `json:"last_error,omitempty"`
	Failures     int       `json:"failures"`               // consecutive failed fetches
	FailingSince time.Time `json:"failing_since,omitzero"` // first failure of the current run
	Missing      int       `json:"missing,omitempty"`      // consecutive 404/410 answers

	// Hints are the server's own scheduling hints, kept as constraints.
	Hints Hints `json:"hints"`
	// Window is the largest number of items the feed has shown at once.
	Window int `json:"window,omitempty"`
	// Model is the planner's serialised publication model for this feed.
	Model json.RawMessage `json:"-"`
	// Rate is the learned publication rate in items per hour, for display.
	Rate float64 `json:"rate_per_hour"`

	// Derived by listings; not stored as such.
	ItemCount   int     `json:"item_count"`
	Weight      float64 `json:"weight,omitempty"`      // sum of the subscribers' weights
	Subscribers int     `json:"subscribers,omitempty"` // number of users following the feed
	// LastItem is when the newest stored item was published (else first
	// seen, and never later than first seen).
	LastItem time.Time `json:"last_item,omitzero"`
	// Push is the feed's WebSub subscription, where a listing reads it
	// (store.AttachPushes: the API's feeds, the feed page, 'vigil feeds');
	// nil when it has none.
	Push *Push `json:"push,omitempty"`
}

// Hints are what a server tells about when to fetch again. Every planner
// policy must respect them; see plan.Constrain.
type Hints struct {
	// NotBefore is the earliest instant of the next fetch, from Cache-Control
	// max-age, Expires or Retry-After.
	NotBefore time.Time `json:"not_before,omitzero"`
	// TTL is RSS <ttl>: the minimum time between fetches; JSON ttl_s.
	TTL time.Duration `json:"-"`
	// SkipHours are RSS <skipHours>: hours of the day (0-23, UTC) not to fetch in.
	SkipHours []int `json:"skip_hours,omitempty"`
	// SkipDays are RSS <skipDays>: days of the week (UTC) not to fetch on.
	SkipDays []time.Weekday `json:"skip_days,omitempty"`
	// UpdatePeriod is the syndication module's sy:updatePeriod divided by
	// sy:updateFrequency: how often the publisher says the feed changes;
	// JSON update_period_s.
	UpdatePeriod time.Duration `json:"-"`
}
