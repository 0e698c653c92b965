package store

import (
	"context"
	"time"

	"vigil"
)

// Coordinator shares the monitor's work (Scheduling) with other processes
// on other machines through the database they share
// (store/postgres.Coordinator): which process fetches which due feed, the
// global budget, the politeness gap of each host, and the re-plan, which
// one process at a time does. Without one (monitor.Deps.Coordinator nil)
// the monitor coordinates only within its own process, as the embedded
// store needs.
type Coordinator interface {
	// ClaimDue first ends this process's leases on the feeds of done
	// (those whose fetches ended since its last claim), then leases to it
	// up to limit feeds that are due at now, followed, and not leased by
	// another process, earliest first, within the budget (fetches per
	// hour, 0 for none) counted over every process, and returns them as
	// stored; spent reports that the budget allowed fewer than were due.
	// If it fails, the leases of done may have ended or not.
	ClaimDue(ctx context.Context, now time.Time, limit, budget int, done []int64) (feeds []vigil.Feed, spent bool, err error)
	// Release ends this process's lease on a feed.
	Release(ctx context.Context, feedID int64) error
	// AcquireHost leases a host to this process if its gap has passed at
	// now and no other process holds it; otherwise it reports when to try
	// again.
	AcquireHost(ctx context.Context, host string, now time.Time) (ok bool, retry time.Time, err error)
	// AcquireHostRenewing is AcquireHost for the fetch of a feed this
	// process claimed: when it takes the host it also extends the lease
	// on the feed from now, in the same step, if this process still
	// holds it; renewed is false when the lease expired and the feed went
	// to another process or was fetched meanwhile (the host is then held
	// all the same, until ReleaseHost).
	AcquireHostRenewing(ctx context.Context, host string, feedID int64, now time.Time) (ok, renewed bool, retry time.Time, err error)
	// ReleaseHost ends this process's lease on a host whose request ended
	// at end: the next request to it may start a gap later.
	ReleaseHost(ctx context.Context, host string, end time.Time) error
	// KeepHost is ReleaseHost for a host this process will ask for again
	// soon: it may keep the lease, without a round trip to the database,
	// for its next AcquireHost of the host to take back once the gap from
	// end has passed; other processes wait for the host meanwhile.
	KeepHost(host string, end time.Time)
	// ReleaseKept ends the leases KeepHost kept that no AcquireHost took
	// back.
	ReleaseKept(ctx context.Context) error
	// Exclusive runs fn unless another process is running it (an advisory
	// lock named name) or it last ran less than every before now.
	Exclusive(ctx context.Context, name string, now time.Time, every time.Duration, fn func()) error
}
