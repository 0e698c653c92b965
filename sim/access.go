package sim

import (
	"cmp"
	"sort"
	"time"

	"vigil"
	"vigil/policy"
)

// accessLog holds readers' accesses in the form policy.FeedAccess takes,
// with source IDs as 1-based indices. Its "users" are access streams: each
// reader's accesses to all they follow are one, numbered as the reader
// (1-based), and their looks at each source (Reader.Looks) one more each,
// numbered after all readers, a reader of that feed alone. So the policy
// learns a feed's pattern from the looks that concern it and from its
// readers' accesses to everything, by the same function as the live
// monitor, whose accesses are all of the second kind.
type accessLog struct {
	readers  []vigil.Reader
	accesses [][]time.Time
	// model learns the readers' patterns (policy.Config.Access, with
	// PerReader from Config.ReadersAlike).
	model policy.AccessModel
	// oracle learns them from the coming window's accesses instead of
	// the last (Config.AccessOracle).
	oracle bool
}

func newAccessLog(rs []Reader, index map[string]int) *accessLog {
	if len(rs) == 0 {
		return nil
	}
	a := &accessLog{accesses: make([][]time.Time, len(rs))}
	for u, r := range rs {
		for _, f := range r.Follows {
			a.readers = append(a.readers, vigil.Reader{UserID: int64(u + 1), FeedID: int64(index[f] + 1), Weight: readerWeight(r)})
		}
		a.accesses[u] = r.Accesses
	}
	for _, r := range rs {
		a.addLooks(r, index)
	}
	return a
}

// addLooks adds one access stream for each source r looks at alone, in
// the order of the sources' first looks.
func (a *accessLog) addLooks(r Reader, index map[string]int) {
	stream := map[string]int{}
	for _, l := range r.Looks {
		s, ok := stream[l.Source]
		if !ok {
			s = len(a.accesses)
			stream[l.Source] = s
			a.accesses = append(a.accesses, nil)
			a.readers = append(a.readers, vigil.Reader{UserID: int64(s + 1), FeedID: int64(index[l.Source] + 1), Weight: readerWeight(r)})
		}
		a.accesses[s] = append(a.accesses[s], l.Time)
	}
}

// feedAccess is every source's access pattern learned from the accesses up
// to now only: the simulated monitor never sees the future. With oracle,
// a bound, it is learned from the accesses of the coming window instead.
func (a *accessLog) feedAccess(now time.Time) map[int64][]float64 {
	if a.oracle {
		ahead := now.Add(cmp.Or(a.model.Window, policy.AccessWindow))
		return a.model.FeedAccess(a.readers, a.past(ahead), ahead)
	}
	return a.model.FeedAccess(a.readers, a.past(now), now)
}

// feedChecks is every source's held-back check (policy.AccessModel.FeedChecks)
// from the accesses up to now only; nil when the model holds none back.
func (a *accessLog) feedChecks(now time.Time) map[int64]*policy.AccessCheck {
	if a.model.HeldBack <= 0 {
		return nil
	}
	return a.model.FeedChecks(a.readers, a.past(now), now)
}

// past is every reader's accesses up to now, keyed by user ID.
func (a *accessLog) past(now time.Time) map[int64][]time.Time {
	past := make(map[int64][]time.Time, len(a.accesses))
	for u, ts := range a.accesses {
		k := sort.Search(len(ts), func(j int) bool { return ts[j].After(now) })
		if k > 0 {
			past[int64(u+1)] = ts[:k]
		}
	}
	return past
}
