package policy

import (
	"cmp"
	"slices"
	"time"

	"vigil"
)

// WithLooks returns the readers and accesses that AccessModel.FeedAccess
// learns from when some accesses are looks at one feed alone (vigil.Look,
// a reader opening one feed's items): each user's looks at one feed
// become an access stream of their own, learned as a reader who follows
// that feed alone, with the user's weight on it and marked as looks
// (vigil.Reader.LooksOf): the prior shrinks it toward the mean of the look
// streams, not of the users (AccessModel.Prior), and PerReader counts it
// with its user. A feed's access pattern is then its readers' accesses to
// all their feeds plus their looks at it, and a look teaches no other
// feed. The streams are numbered after every user ID in readers and
// accesses, in the order of (user, feed); a look at a feed its user does
// not follow is left out. readers and accesses are not changed; without
// looks they are returned as they are. This is vigil's reading of an
// access that concerns one source (the trace format's source column), not
// Sia et al.'s, whose accesses are a user's look at all their sources.
func WithLooks(readers []vigil.Reader, accesses map[int64][]time.Time, looks []vigil.Look) ([]vigil.Reader, map[int64][]time.Time) {
	if len(looks) == 0 {
		return readers, accesses
	}
	weight := make(map[lookKey]float64, len(readers))
	for _, r := range readers {
		weight[lookKey{r.UserID, r.FeedID}] = r.Weight
	}
	streams := lookStreams(looks, weight)
	outReaders := append(make([]vigil.Reader, 0, len(readers)+len(streams)), readers...)
	outAccesses := make(map[int64][]time.Time, len(accesses)+len(streams))
	for u, ts := range accesses {
		outAccesses[u] = ts
	}
	id := lastUserID(readers, accesses)
	for _, st := range streams {
		id++
		outReaders = append(outReaders, vigil.Reader{UserID: id, FeedID: st.key.feed, Weight: weight[st.key], LooksOf: st.key.user})
		outAccesses[id] = st.times
	}
	return outReaders, outAccesses
}

// lookKey is a user and a feed they looked at.
type lookKey struct{ user, feed int64 }

// lookStream is one user's looks at one feed, oldest first.
type lookStream struct {
	key   lookKey
	times []time.Time
}

// lookStreams groups the looks at followed feeds (those weight holds) by
// user and feed, in the order of (user, feed).
func lookStreams(looks []vigil.Look, weight map[lookKey]float64) []lookStream {
	byKey := map[lookKey][]time.Time{}
	for _, l := range looks {
		k := lookKey{l.UserID, l.FeedID}
		if _, ok := weight[k]; ok {
			byKey[k] = append(byKey[k], l.At)
		}
	}
	out := make([]lookStream, 0, len(byKey))
	for k, times := range byKey {
		slices.SortFunc(times, time.Time.Compare)
		out = append(out, lookStream{key: k, times: times})
	}
	slices.SortFunc(out, func(a, b lookStream) int {
		return cmp.Or(cmp.Compare(a.key.user, b.key.user), cmp.Compare(a.key.feed, b.key.feed))
	})
	return out
}

// lastUserID is the greatest user ID in readers and accesses (0 if none).
func lastUserID(readers []vigil.Reader, accesses map[int64][]time.Time) int64 {
	last := int64(0)
	for _, r := range readers {
		last = max(last, r.UserID)
	}
	for u := range accesses {
		last = max(last, u)
	}
	return last
}
