package plan

import (
	"fmt"
	"time"
)

// DefaultPushVerify is the shortest interval of the verification polls of a
// feed a WebSub hub feeds: the live monitor's default
// (monitor.Config.PushVerify) and the simulator's.
const DefaultPushVerify = 6 * time.Hour

// DefaultVerifyMultiple is Verification.Multiple's default: a fed feed is
// verified a quarter as often as its policy would poll it unfed (and at
// most every Every). Any multiple of 1 or more keeps a fed feed from
// costing more than unfed; 1 frees nothing from the many feeds whose own
// interval is longer than Every, so pushing them helps no other feed. At
// 4, on reddit-2013q3 under accrued at one fetch per feed a day, pushing
// 30% of the sources brings the others' news 26% sooner (p50 578 → 428
// min; docs/science.md), and a hub gone silent is still caught within four
// of the feed's own intervals.
const DefaultVerifyMultiple = 4.0

// Verification is the rule for the polls of a feed its WebSub hub feeds,
// shared by the live monitor and the simulator: the feed is polled only to
// verify its hub, every
//
//	max(Every, Multiple × the interval its policy would give it unfed),
//
// and those polls come out of the budget first (Split). Every alone (a
// fixed interval) made the polls of a feed its policy polls seldom cost
// more than the feed cost unfed: at a budget of about one fetch per feed
// a day a 6 h poll is four times a feed's share, so pushing some feeds
// made the others' news later. With Multiple ≥ 1 a fed feed never costs
// more than it would unfed, so the budget left for the others is never
// less than they had, and a hub going silent is still caught within
// Every or the feed's own interval, whichever is longer.
type Verification struct {
	// Every is the shortest interval (VIGIL_PUSH_VERIFY, --push-verify).
	Every time.Duration
	// Multiple scales the interval the feed's policy would give it unfed;
	// 0 means DefaultVerifyMultiple.
	Multiple float64
}

// Validate reports a rule that cannot be followed.
func (v Verification) Validate() error {
	switch {
	case v.Every < 0:
		return fmt.Errorf("plan: the verification poll interval must not be negative, got %v", v.Every)
	case !(v.Multiple >= 0) || v.Multiple > 1e6:
		return fmt.Errorf("plan: the verification multiple must be 0 (the default, %v) or in (0, 1e6], got %v", DefaultVerifyMultiple, v.Multiple)
	case v.Multiple > 0 && v.Multiple < 1:
		return fmt.Errorf("plan: a verification multiple below 1 (%v) would poll a fed feed more often than unfed", v.Multiple)
	}
	return nil
}

// multiple is Multiple with its default.
func (v Verification) multiple() float64 {
	if v.Multiple > 0 {
		return v.Multiple
	}
	return DefaultVerifyMultiple
}

// Interval returns the verification interval of a fed feed its policy
// would poll every unfed.
func (v Verification) Interval(unfed time.Duration) time.Duration {
	scaled := float64(unfed) * v.multiple()
	if scaled >= float64(maxDuration) {
		return maxDuration
	}
	return max(v.Every, time.Duration(scaled))
}

// maxDuration is the longest time.Duration.
const maxDuration = time.Duration(1<<63 - 1)

// Unfed returns, in order, the members of all that fed does not report as
// fed by a WebSub hub: those the budget-splitting planners split what is
// left of the budget over (Split).
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
// time, or, for a feed its WebSub hub feeds, the verification poll every
// after now (its interval from the last Split).
func PushNext(planned, now time.Time, fed bool, every time.Duration) time.Time {
	if fed {
		return now.Add(every)
	}
	return planned
}
