package vigil

import "time"

// DefaultSilenceEvidence is the expected number of items, at a feed's
// learned rate, that must have failed to appear since its newest item
// before the feed is called silent: 3, for under Poisson arrivals the
// chance of seeing none of them is e^-3, about 5%.
const DefaultSilenceEvidence = 3.0

// minSilence is the shortest time without items called silence: a feed
// that publishes every few hours is not silent after a quiet night.
const minSilence = 7 * 24 * time.Hour

// Silent reports whether the feed has been silent at now: its newest item
// is over a week old and, at its learned rate (Rate, items per hour),
// at least evidence items should have appeared since (or it has no
// learned rate at all). The learned rate alone does not say so: it moves
// only when a fetch brings items or a time between fetches, and a feed
// whose first fetch showed items years apart starts from their spacing
// (estimate.EWMA.Start), so a feed silent since 2009 may still show
// "about 1 a week". The interfaces show "silent since" instead of such a
// rate.
func (f Feed) Silent(now time.Time, evidence float64) bool {
	if f.LastItem.IsZero() {
		return false
	}
	quiet := now.Sub(f.LastItem)
	if quiet < minSilence {
		return false
	}
	return f.Rate <= 0 || f.Rate*quiet.Hours() >= evidence
}
