package monitor

import (
	"context"
	"fmt"
	"time"

	"vigil/fetch"
)

// ClaimResult says what a Coordinator's Claim did.
type ClaimResult int

// The outcomes of Claim.
const (
	// Claimed: the feed is leased to this process.
	Claimed ClaimResult = iota
	// Taken: another process holds the feed, or fetched it meanwhile so
	// it is no longer due, or it lost its followers.
	Taken
	// BudgetSpent: the shared budget has no fetch left now.
	BudgetSpent
)

// Coordinator shares the monitor's work with other processes on other
// machines through the database they share (store/postgres.Coordinator):
// which process fetches which due feed, the global budget, the politeness
// gap of each host, and the re-plan, which one process at a time does.
// Without one (Deps.Coordinator nil) the monitor coordinates only within
// its own process, as the embedded store needs.
type Coordinator interface {
	// Claim leases a due feed to this process, if it is still due at now,
	// no other process holds an unexpired lease on it, and the budget
	// (fetches per hour, 0 for none) counted over every process has room.
	Claim(ctx context.Context, feedID int64, now time.Time, budget int) (ClaimResult, error)
	// Release ends this process's lease on a feed.
	Release(ctx context.Context, feedID int64) error
	// AcquireHost leases a host to this process if its gap has passed at
	// now and no other process holds it; otherwise it reports when to try
	// again.
	AcquireHost(ctx context.Context, host string, now time.Time) (ok bool, retry time.Time, err error)
	// ReleaseHost ends this process's lease on a host whose request ended
	// at end: the next request to it may start a gap later.
	ReleaseHost(ctx context.Context, host string, end time.Time) error
	// Exclusive runs fn unless another process is running it (an advisory
	// lock named name) or it last ran less than every before now.
	Exclusive(ctx context.Context, name string, now time.Time, every time.Duration, fn func()) error
}

// claimShared leases a feed this process has claimed locally; false (with
// whether the budget refused) when another process has it.
func (m *Monitor) claimShared(ctx context.Context, id int64, now time.Time) (ok, spent bool) {
	if m.coord == nil {
		return true, false
	}
	res, err := m.coord.Claim(ctx, id, now, m.cfg.BudgetPerHour)
	if err != nil {
		if ctx.Err() == nil {
			m.log.Error("claiming a feed", "feed", id, "error", err)
		}
		return false, false
	}
	if res == BudgetSpent && !m.spent.Swap(true) {
		m.log.Warn("fetch budget spent; waiting", "budget_per_hour", m.cfg.BudgetPerHour)
	}
	if res == Claimed {
		m.spent.Store(false)
	}
	return res == Claimed, res == BudgetSpent
}

// releaseShared ends the shared lease of a feed, if any.
func (m *Monitor) releaseShared(ctx context.Context, id int64) {
	if m.coord == nil {
		return
	}
	if err := m.coord.Release(context.WithoutCancel(ctx), id); err != nil {
		m.log.Error("releasing a feed", "feed", id, "error", err)
	}
}

// acquireSharedHost waits until the host of rawURL is leased to this
// process and returns the function that gives it back; without a
// coordinator it does nothing.
func (m *Monitor) acquireSharedHost(ctx context.Context, rawURL string) (func(), error) {
	if m.coord == nil {
		return func() {}, nil
	}
	host, err := fetch.HostKey(rawURL)
	if err != nil {
		return nil, err
	}
	for {
		ok, retry, err := m.coord.AcquireHost(ctx, host, m.clk.Now())
		if err != nil {
			return nil, fmt.Errorf("monitor: waiting for host %s: %w", host, err)
		}
		if ok {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-m.clk.After(max(retry.Sub(m.clk.Now()), time.Millisecond)):
		}
	}
	return func() {
		if err := m.coord.ReleaseHost(context.WithoutCancel(ctx), host, m.clk.Now()); err != nil {
			m.log.Error("releasing a host", "host", host, "error", err)
		}
	}, nil
}

// replanShared re-plans at now unless another process does, or did within
// the re-plan period; without a coordinator it re-plans.
func (m *Monitor) replanShared(ctx context.Context, now time.Time) {
	if m.coord == nil {
		m.replan(ctx, now)
		return
	}
	err := m.coord.Exclusive(ctx, "replan", now, m.cfg.Replan, func() { m.replan(ctx, now) })
	if err != nil && ctx.Err() == nil {
		m.log.Error("re-planning", "error", err)
	}
}
