package sim

import (
	"cmp"
	"sort"
	"time"

	"vigil"
	"vigil/policy"
)

// accessLog holds readers' accesses in the form policy.FeedAccess takes,
// with source IDs as 1-based indices and user IDs likewise; each reader's
// looks at one source (Reader.Looks) are an access stream of their own,
// numbered after the readers, as the live monitor's are
// (policy.WithLooks).
type accessLog struct {
	readers  []vigil.Reader
	accesses map[int64][]time.Time
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
	var readers []vigil.Reader
	var looks []vigil.Look
	accesses := make(map[int64][]time.Time, len(rs))
	for u, r := range rs {
		user := int64(u + 1)
		for _, f := range r.Follows {
			readers = append(readers, vigil.Reader{UserID: user, FeedID: int64(index[f] + 1), Weight: readerWeight(r)})
		}
		accesses[user] = r.Accesses
		for _, l := range r.Looks {
			looks = append(looks, vigil.Look{UserID: user, FeedID: int64(index[l.Source] + 1), At: l.Time})
		}
	}
	a := &accessLog{}
	a.readers, a.accesses = policy.WithLooks(readers, accesses, looks)
	return a
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

// past is every access stream's accesses up to now, keyed by its ID.
func (a *accessLog) past(now time.Time) map[int64][]time.Time {
	past := make(map[int64][]time.Time, len(a.accesses))
	for u, ts := range a.accesses {
		k := sort.Search(len(ts), func(j int) bool { return ts[j].After(now) })
		if k > 0 {
			past[u] = ts[:k]
		}
	}
	return past
}
