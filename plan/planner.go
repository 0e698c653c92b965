package plan

import (
	"time"

	"vigil"
)

// Planner is a refresh policy for one source at a time.
type Planner interface {
	// Name identifies the policy in configuration and reports.
	Name() string
	// Observe folds a successful fetch into the feed's model (f.Model) and
	// refreshes f.Rate. items are those stored for the first time by this
	// fetch (o.NewItems of them): on a feed's first fetch, every item shown.
	Observe(f *vigil.Feed, o vigil.Observation, items []vigil.Item) error
	// Next proposes the next fetch of f after a successful fetch at now,
	// before server hints are applied.
	Next(f *vigil.Feed, now time.Time) time.Time
}

// Bounds keep a planner's proposals within a sane range.
type Bounds struct {
	Min time.Duration // never sooner than this after a fetch
	Max time.Duration // never later than this after a fetch
}

// DefaultBounds are five minutes and one day.
var DefaultBounds = Bounds{Min: 5 * time.Minute, Max: 24 * time.Hour}

// Clamp returns the interval d limited to [b.Min, b.Max].
func (b Bounds) Clamp(d time.Duration) time.Duration {
	return min(max(d, b.Min), b.Max)
}
