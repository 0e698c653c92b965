package plan

import "time"

// day is a day as a Duration.
const day = 24 * time.Hour

// Split is a plan made around fed feeds.
type Split struct {
	// Verify holds, by index into the sources Split was given, each fed
	// source's verification interval (Verification.Interval).
	Verify map[int]time.Duration
	// Left is the budget, in fetches per day, the unfed sources were
	// planned with: the whole budget less the verification polls'.
	Left float64
}

// Planning is what SplitPlan needs of a policy: planning sources with a
// budget, and the time it fetches a source next after a fetch at last.
type Planning[S any] struct {
	// Plan plans srcs with perDay fetches a day.
	Plan func(srcs []S, perDay float64) error
	// Next is the policy's next fetch of s after a fetch at last.
	Next func(s S, last time.Time) time.Time
	// Share, when not nil, is the fetches a day the last plan counted for
	// s. A policy's fetches need not keep exactly to the shares it
	// counted (accrued's discovery and silent-feed bounds, a model that
	// moved since the plan), so a fed source is charged its share scaled
	// by how much less often it is polled: the budget left is then what
	// the plan counted for the others, whatever the two differ by. Nil
	// charges a day over the verification interval, and so does a
	// negative share (one the policy cannot tell).
	Share func(s S) float64
}

// SplitPlan plans all at now around the sources fed reports as fed by a
// WebSub hub, the one rule of the live monitor and the simulator:
//
//  1. every source is planned with the whole budget, as if none were fed;
//  2. each fed source gets its verification interval, v.Interval of the
//     mean interval that plan gives it over the next day (MeanInterval);
//  3. the unfed sources are planned with what is left of the budget once
//     the verification polls are taken out (verifyCost).
//
// Because a fed source's interval is at least the one step 1 gives it, the
// budget left is at least what step 1 gave the unfed sources: pushing
// never leaves the others less. With no fed source it plans once.
func SplitPlan[S any](all []S, fed func(S) bool, perDay float64, v Verification, now time.Time, p Planning[S]) (Split, error) {
	if err := p.Plan(all, perDay); err != nil {
		return Split{}, err
	}
	out := Split{Verify: map[int]time.Duration{}, Left: perDay}
	cost := 0.0
	for i, s := range all {
		if !fed(s) {
			continue
		}
		shortest := time.Duration(float64(v.Every) / v.multiple())
		unfed := MeanInterval(func(last time.Time) time.Time { return p.Next(s, last) }, now, shortest)
		every := v.Interval(unfed)
		out.Verify[i] = every
		cost += verifyCost(shareOf(p.Share, s), every, v.Every, v.multiple())
	}
	if len(out.Verify) == 0 {
		return out, nil
	}
	// The policies' floors can make step 1 spend a little more than the
	// budget; a positive remainder keeps the unfed sources plannable.
	out.Left = max(perDay-cost, perDay*minLeft)
	return out, p.Plan(Unfed(all, fed), out.Left)
}

// minLeft is the least share of the budget SplitPlan leaves the unfed
// sources.
const minLeft = 1e-3

// MeanInterval returns the mean interval between the fetches next makes
// after a fetch at now, next(last) being the fetch after one at last:
// over the day from the first of them, a day over their number, the part
// of the gap that straddles the day's end counted as the part of a fetch
// that falls within it (so that an even interval g gives g, and a gap of
// more than a day itself). The day starts at the first fetch, not at now,
// because a policy that places fetches at fixed times of day (uniform)
// makes the first one come at its slot, not an interval after now. It
// stops counting once the mean is below shortest (any interval there gives
// the same verification interval) and at one fetch a minute.
func MeanInterval(next func(last time.Time) time.Time, now time.Time, shortest time.Duration) time.Duration {
	step := func(at time.Time) time.Time {
		if t := next(at); t.After(at) {
			return t
		}
		return at.Add(time.Second)
	}
	at := step(now)
	end := at.Add(day)
	limit := int(day / max(shortest, time.Minute))
	for n := 0; ; {
		t := step(at)
		if t.After(end) {
			part := float64(end.Sub(at)) / float64(t.Sub(at))
			return time.Duration(float64(day) / (float64(n) + part))
		}
		n, at = n+1, t
		if n > limit {
			return day / time.Duration(n)
		}
	}
}

// Replanned is a whole plan of the live feeds made around the fed ones
// (policy.Live.ReplanFed).
type Replanned struct {
	// Next is, by feed ID, the next fetch of each feed fetched successfully
	// and not failing; for a fed feed its next verification poll.
	Next map[int64]time.Time
	// Verify is, by feed ID, each followed fed feed's verification interval.
	Verify map[int64]time.Duration
	// Left is the budget, in fetches a day, the unfed feeds were planned
	// with once the verification polls were taken out.
	Left float64
}

// shareOf is share(s), or -1 without share.
func shareOf[S any](share func(S) float64, s S) float64 {
	if share == nil {
		return -1
	}
	return share(s)
}

// verifyCost is what a fed source's verification polls, every every, are
// charged of the budget: its share of the plan over the multiple when
// every is the multiple of its unfed interval, so that with a multiple of
// 1 the others are planned exactly as before; a day over every when
// every is the shortest interval (or the policy tells no share, share <
// 0). MeanInterval stops counting below the shortest interval, so the
// unfed interval itself is not known well enough there to scale by.
func verifyCost(share float64, every, shortest time.Duration, multiple float64) float64 {
	if share >= 0 && every > shortest {
		return share / multiple
	}
	return float64(day) / float64(every)
}
