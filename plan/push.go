package plan

import "time"

// DefaultPushVerify is the interval of the verification polls of a feed a
// WebSub hub feeds: the live monitor's default (monitor.Config.PushVerify)
// and the simulator's.
const DefaultPushVerify = 6 * time.Hour

// Unfed returns, in order, the members of all that fed does not report as
// fed by a WebSub hub. The budget-splitting planners plan only those, so
// the fetches the fed ones no longer need go to the others; a fed feed
// keeps only its verification polls (PushNext). The live monitor and the
// simulator both plan through it.
func Unfed[T any](all []T, fed func(T) bool) []T {
	kept := make([]T, 0, len(all))
	for _, x := range all {
		if !fed(x) {
			kept = append(kept, x)
		}
	}
	return kept
}

// PushNext returns a feed's next fetch after a poll at now: the planned
// time, or, for a feed its WebSub hub feeds, the verification poll verify
// after now.
func PushNext(planned, now time.Time, fed bool, verify time.Duration) time.Time {
	if fed {
		return now.Add(verify)
	}
	return planned
}
