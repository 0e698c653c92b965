package policy

import (
	"time"

	"vigil"
	"vigil/estimate"
)

// AccessWindow is the history readers' access patterns are learned from
// (14 days, as Sia & Cho found enough for posting patterns).
const AccessWindow = 14 * 24 * time.Hour

// FeedAccess returns each feed's access rate per UTC hour of the day, in
// accesses per hour: every reader's daily pattern learned from their
// accesses in the last AccessWindow (Sia et al. §4.3), summed over the
// feed's readers with their subscription weights (Sia et al.: a source's
// access rate is the sum of its subscribers'). Feeds whose readers have no
// recorded access are left out: the user policy then places for delay.
func FeedAccess(readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time) map[int64][]float64 {
	return feedAccess(readers, accesses, now, false)
}

// FeedAccessPerReader is FeedAccess with every reader counting alike
// rather than every access: each reader's pattern enters the sum scaled to
// the mean access rate of the feed's readers (times their weight), so a
// reader who looks rarely weighs on the schedule as much as one who looks
// often. Sia et al. (§5.4) judge a schedule per user, averaging each
// user's ratio to uniform; the plain sum minimises the misses of all
// accesses together, where frequent readers dominate.
func FeedAccessPerReader(readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time) map[int64][]float64 {
	return feedAccess(readers, accesses, now, true)
}

// feedAccess is FeedAccess, with every reader alike when perReader.
func feedAccess(readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time, perReader bool) map[int64][]float64 {
	learned := map[int64]estimate.Access{}
	for user, times := range accesses {
		if a, err := estimate.LearnAccess(times, time.Time{}, now, AccessWindow); err == nil && a.Rate > 0 {
			learned[user] = a
		}
	}
	// Only readers with a learned pattern count (sumAccess): the others
	// are not grouped, so that feeds nobody with a pattern reads (all of
	// them, at a first refresh) cost the re-plan nothing here.
	byFeed := map[int64][]vigil.Reader{}
	for _, r := range readers {
		if _, ok := learned[r.UserID]; !ok {
			continue
		}
		byFeed[r.FeedID] = append(byFeed[r.FeedID], r)
	}
	out := map[int64][]float64{}
	for feed, rs := range byFeed {
		if hourly, ok := sumAccess(rs, learned, perReader); ok {
			out[feed] = hourly
		}
	}
	return out
}

// sumAccess is Σ w_r · u_r(h) over the readers who have a pattern; with
// perReader, each u_r is first scaled to the readers' mean rate.
func sumAccess(rs []vigil.Reader, learned map[int64]estimate.Access, perReader bool) ([]float64, bool) {
	var patterns []estimate.Access
	var weights []float64
	mean := 0.0
	for _, r := range rs {
		if a, ok := learned[r.UserID]; ok {
			patterns, weights = append(patterns, a), append(weights, r.Weight)
			mean += a.Rate
		}
	}
	if len(patterns) == 0 {
		return nil, false
	}
	if perReader {
		mean /= float64(len(patterns))
		for i, a := range patterns {
			weights[i] *= mean / a.Rate // Rate > 0: FeedAccess keeps only such patterns
		}
	}
	sum, err := estimate.SourceAccess(patterns, weights)
	if err != nil || len(sum.Daily) != 24 {
		return nil, false
	}
	hourly := make([]float64, 24)
	for h := range hourly {
		hourly[h] = sum.Daily[h] * sum.Rate * 24 // fraction of a day's accesses × accesses per day
	}
	return hourly, true
}
