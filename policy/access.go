package policy

import (
	"cmp"
	"fmt"
	"math"
	"time"

	"vigil"
	"vigil/estimate"
)

// AccessWindow is the history readers' access patterns are learned from
// (14 days, as Sia & Cho found enough for posting patterns).
const AccessWindow = 14 * 24 * time.Hour

// FeedAccess returns each feed's access rate per UTC hour of the day, in
// accesses per hour, under DefaultAccess (see AccessModel.FeedAccess).
func FeedAccess(readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time) map[int64][]float64 {
	return AccessModel{}.FeedAccess(readers, accesses, now)
}

// FeedAccessPerReader is FeedAccess with every reader counting alike
// rather than every access (AccessModel.PerReader).
func FeedAccessPerReader(readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time) map[int64][]float64 {
	return AccessModel{PerReader: true}.FeedAccess(readers, accesses, now)
}

// FeedAccess returns each feed's access rate per UTC hour of the day, in
// accesses per hour: every reader's daily pattern learned from their
// accesses in the last AccessWindow (Sia et al. §4.3), shrunk toward the
// population by the model's prior (AccessModel.Prior), summed over the
// feed's readers with their subscription weights (Sia et al.: a source's
// access rate is the sum of its subscribers'). Readers who never looked are
// left out, and so are feeds that only such readers follow: the user
// policy then places for delay.
func (m AccessModel) FeedAccess(readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time) map[int64][]float64 {
	learned := m.learn(accesses, lookStreamIDs(readers), now)
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
		if hourly, ok := sumAccess(rs, learned, m.PerReader); ok {
			out[feed] = flatten(hourly, m.Flat)
		}
	}
	return out
}

// learn is every reader's pattern from their accesses in the window before
// now, each shrunk toward its population (shrinkAccess: the users', or the
// look streams' for the IDs in looks); without a prior, a reader with no
// access in the window has none.
func (m AccessModel) learn(accesses map[int64][]time.Time, looks map[int64]bool, now time.Time) map[int64]estimate.Access {
	learned := map[int64]estimate.Access{}
	for user, times := range accesses {
		if len(times) == 0 {
			continue
		}
		if a, err := estimate.LearnAccess(times, time.Time{}, now, cmp.Or(m.Window, AccessWindow)); err == nil {
			learned[user] = a
		}
	}
	prior := m.resolved().Prior
	if prior > 0 {
		shrinkAccess(learned, prior, looks)
	}
	for user, a := range learned {
		if !(a.Rate > 0) {
			delete(learned, user)
		}
	}
	return learned
}

// sumAccess is Σ w_r · u_r(h) over the readers who have a pattern; with
// perReader, each user's u_r (their accesses and their looks at the feed
// together, vigil.Reader.Owner) is first scaled to the users' mean rate.
func sumAccess(rs []vigil.Reader, learned map[int64]estimate.Access, perReader bool) ([]float64, bool) {
	var patterns []estimate.Access
	var weights []float64
	for _, r := range rs {
		if a, ok := learned[r.UserID]; ok {
			patterns, weights = append(patterns, a), append(weights, r.Weight)
		}
	}
	if len(patterns) == 0 {
		return nil, false
	}
	if perReader {
		var err error
		if patterns, weights, err = perOwner(rs, learned); err != nil {
			return nil, false
		}
		for i, w := range alike(patterns) {
			weights[i] *= w
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

// perOwner sums, for every user among rs, the patterns of their streams
// (vigil.Reader.Owner: their accesses and their looks at the feed) into
// one, in the order users first appear, and returns each user's weight on
// the feed beside it (their streams' share it: policy.WithLooks).
func perOwner(rs []vigil.Reader, learned map[int64]estimate.Access) ([]estimate.Access, []float64, error) {
	index := map[int64]int{}
	var streams [][]estimate.Access
	var weights []float64
	for _, r := range rs {
		a, ok := learned[r.UserID]
		if !ok {
			continue
		}
		i, seen := index[r.Owner()]
		if !seen {
			i = len(streams)
			index[r.Owner()] = i
			streams, weights = append(streams, nil), append(weights, r.Weight)
		}
		streams[i] = append(streams[i], a)
	}
	out := make([]estimate.Access, len(streams))
	for i := range streams {
		sum, err := estimate.SourceAccess(streams[i], nil)
		if err != nil {
			return nil, nil, err
		}
		out[i] = sum
	}
	return out, weights, nil
}

// alike is the weight of each pattern that scales it to the patterns'
// mean rate, so that every one counts alike.
func alike(patterns []estimate.Access) []float64 {
	mean := 0.0
	for _, a := range patterns {
		mean += a.Rate / float64(len(patterns))
	}
	w := make([]float64, len(patterns))
	for i, a := range patterns {
		w[i] = mean / a.Rate // Rate > 0: learn keeps only such patterns
	}
	return w
}

// lookStreamIDs is the IDs of the readers that are streams of looks.
func lookStreamIDs(rs []vigil.Reader) map[int64]bool {
	out := map[int64]bool{}
	for _, r := range rs {
		if r.LooksOf != 0 {
			out[r.UserID] = true
		}
	}
	return out
}

// flatten mixes hourly with a flat day of the same total by share f, in
// place, and returns it.
func flatten(hourly []float64, f float64) []float64 {
	if f <= 0 {
		return hourly
	}
	mean := 0.0
	for _, v := range hourly {
		mean += v / float64(len(hourly))
	}
	for i, v := range hourly {
		hourly[i] = (1-f)*v + f*mean
	}
	return hourly
}

// validate reports a negative or non-finite prior, a flat share outside
// 0-1, a negative stretch or window, and a non-finite unread share.
func (m AccessModel) validate() error {
	if !(m.Prior >= 0) || math.IsInf(m.Prior, 0) {
		return fmt.Errorf("policy: the access prior must be a finite non-negative number, got %v", m.Prior)
	}
	if !(m.Flat >= 0 && m.Flat <= 1) {
		return fmt.Errorf("policy: the access pattern's flat share must be from 0 to 1, got %v", m.Flat)
	}
	if m.HeldBack < 0 {
		return fmt.Errorf("policy: the held-back stretch of accesses must not be negative, got %v", m.HeldBack)
	}
	if m.Window < 0 {
		return fmt.Errorf("policy: the access window must not be negative, got %v", m.Window)
	}
	if math.IsNaN(m.Unread) || math.IsInf(m.Unread, 0) {
		return fmt.Errorf("policy: the share of a feed with no learned access must be finite, got %v", m.Unread)
	}
	return nil
}
