package policy

import (
	"time"

	"vigil"
)

// Source is what a policy knows of one source when it plans.
type Source struct {
	ID     int64
	Weight float64 // sum of its readers' weights (Sia & Cho's w_i)
	// Access is its readers' access rate per UTC hour of the day, summed
	// over readers by weight (Sia et al.); nil means reading is uniform.
	Access []float64
	// Check is its readers' held-back check (AccessModel.FeedChecks); nil
	// follows Access as learned.
	Check  *AccessCheck
	Hints  vigil.Hints
	Window int // the most items the feed has shown at once (its W); 0 unknown
	Models *Models
	Last   time.Time // the last successful fetch; zero if never fetched
}

// after returns the instant d after the source's last fetch (after now when
// it was never fetched), and never before now: a policy's interval counts
// from the last fetch, so re-planning does not push a fetch away, and an
// overdue fetch is due at once.
func (s *Source) after(d time.Duration, now time.Time) time.Time {
	base := s.Last
	if base.IsZero() || base.After(now) {
		base = now
	}
	if t := base.Add(d); t.After(now) {
		return t
	}
	return now
}

// minInterval is the shortest interval the hints allow between fetches.
func (s *Source) minInterval() time.Duration {
	return max(s.Hints.TTL, s.Hints.UpdatePeriod)
}
