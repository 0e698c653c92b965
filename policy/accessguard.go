package policy

import (
	"time"

	"vigil"
	"vigil/plan"
)

// AccessCheck is what the held-back check (AccessModel.HeldBack) knows of
// one feed's readers: their access pattern learned on the accesses before
// the held-back stretch, and the accesses they made within it.
type AccessCheck struct {
	// Before is the feed's access rate per UTC hour of the day, learned as
	// FeedAccess learns it but from the accesses before the held-back
	// stretch only.
	Before []float64
	// Seen is the accesses the feed's readers made in the held-back
	// stretch, per UTC hour of the day, weighted as in the sum.
	Seen []float64
}

// FeedChecks returns every feed's AccessCheck at now, for the feeds whose
// readers have a pattern learned before the held-back stretch
// [now − HeldBack, now); nil when HeldBack is 0.
//
// Why (vigil's choice, not Sia et al.'s): the user policy places each
// feed's fetches just before the hours its readers looked in the last
// weeks (Sia et al., Theorems 1-2). Where those hours recur that saves
// misses; where they do not (a feed with one or two readers, a reader
// whose habits changed) the fetches sit before hours nobody looks at and
// postings wait longer than under even spacing, which an independent
// check saw as 1.40 × uniform's miss delay. Whether a feed's pattern
// recurs can be told from its own recent past: place by the pattern the
// older accesses give, and see whether that placement would have missed
// fewer postings at the most recent accesses than even spacing
// (readerAware). Scoring the placements, not how well the pattern
// predicts the hours, is what matters: a likelihood score was tried and
// set aside the summed pattern of many readers for a few accesses at
// hours it gave little weight to, losing misses where the pattern was
// real (docs/science.md).
func (m AccessModel) FeedChecks(readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time) map[int64]*AccessCheck {
	if m.HeldBack <= 0 {
		return nil
	}
	cut := now.Add(-m.HeldBack)
	older := m
	older.HeldBack = 0
	before := older.FeedAccess(readers, accesses, cut)
	hours := map[int64][]float64{}
	for user, times := range accesses {
		var h []float64
		for _, t := range times {
			if t.Before(cut) || !t.Before(now) {
				continue
			}
			if h == nil {
				h = make([]float64, 24)
			}
			h[t.UTC().Hour()]++
		}
		if h != nil {
			hours[user] = h
		}
	}
	out := make(map[int64]*AccessCheck, len(before))
	for _, r := range readers {
		b, ok := before[r.FeedID]
		if !ok {
			continue
		}
		c := out[r.FeedID]
		if c == nil {
			c = &AccessCheck{Before: b, Seen: make([]float64, 24)}
			out[r.FeedID] = c
		}
		if h := hours[r.UserID]; h != nil {
			addScaled(c.Seen, h, r.Weight)
		}
	}
	return out
}

// add adds o's pattern and accesses to c's, hour by hour: a cluster's
// check is its feeds' together.
func (c *AccessCheck) add(o *AccessCheck) {
	if len(c.Before) != 24 {
		c.Before = make([]float64, 24)
	}
	if len(c.Seen) != 24 {
		c.Seen = make([]float64, 24)
	}
	addScaled(c.Before, o.Before, 1)
	addScaled(c.Seen, o.Seen, 1)
}

// readerAware tells whether m daily fetches placed by the readers' pattern
// (Sia et al., Theorems 1-2, on the pattern learned before the held-back
// stretch) would have missed fewer of the postings given by rates (per
// minute) at the accesses seen in the held-back stretch than m fetches
// spaced evenly as the uniform policy spaces them. Without a check it is
// true (the pattern is followed as learned); with nothing seen it is
// false: nothing shows the pattern holds.
func readerAware(s *Source, rates []float64, m int, seed uint64) (bool, error) {
	c := s.Check
	if c == nil {
		return true, nil
	}
	seen, ok := minuteRates(c.Seen)
	if !ok {
		return false, nil
	}
	before, ok := minuteRates(c.Before)
	if !ok {
		return false, nil
	}
	pat, err := plan.NewMissPattern(rates, before)
	if err != nil {
		return false, err
	}
	aware, err := pat.Place(m)
	if err != nil {
		return false, err
	}
	even, err := timesUniform(s, m, seed)
	if err != nil {
		return false, err
	}
	held, err := plan.NewMissPattern(rates, seen)
	if err != nil {
		return false, err
	}
	awareCost, err := held.Cost(aware.Slots)
	if err != nil {
		return false, err
	}
	evenCost, err := held.Cost(even)
	if err != nil {
		return false, err
	}
	return awareCost < evenCost, nil
}

// addScaled adds w·src to dst, bin by bin.
func addScaled(dst, src []float64, w float64) {
	for i, v := range src {
		dst[i] += w * v
	}
}
