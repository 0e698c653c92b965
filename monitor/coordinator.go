package monitor

import (
	"context"
	"errors"
	"fmt"
	"time"

	"vigil"
	"vigil/fetch"
)

// errLeaseLost is why a claimed fetch did not happen: its lease expired
// while it waited for its host, and another process took the feed.
var errLeaseLost = errors.New("monitor: the lease on the feed was lost while waiting for its host")

// dispatchShared claims due feeds in the shared database, enough that this
// process holds claimAhead of them (those in flight included), hands them
// to the workers as they come free, and returns how long to wait before
// claiming again: not at all when it claimed a full batch (more feeds are
// likely due). The same statement ends the leases of the fetches that
// ended since the last claim (see finishShared).
func (m *Monitor) dispatchShared(ctx context.Context, jobs chan<- vigil.Feed) time.Duration {
	now := m.clk.Now()
	n := claimAhead(m.cfg.Workers) - m.inflightCount()
	if n <= 0 {
		return m.cfg.Tick
	}
	done := m.takeFinished()
	feeds, spent, err := m.coord.ClaimDue(ctx, now, n, m.cfg.BudgetPerHour, done)
	if err != nil {
		m.keepFinished(done)
		if ctx.Err() == nil {
			m.log.Error("claiming due feeds", "error", err)
		}
		return m.cfg.Tick
	}
	m.noteSpent(spent)
	for i, f := range feeds {
		if !m.handOut(ctx, jobs, f) {
			for _, rest := range feeds[i:] {
				m.releaseShared(ctx, rest.ID)
			}
			return 0
		}
	}
	if len(feeds) == n && !spent {
		return 0
	}
	return m.cfg.Tick
}

// claimAhead is how many feeds a process of workers fetchers holds claimed
// at most: one per fetcher and one more waiting for each, so that while
// the backlog lasts a claim, a round trip to the database, serves about
// workers fetches instead of one (BenchmarkLoad). The waiting claims keep
// their leases, which the host's lease renews when their fetch starts, and
// count against the shared budget from the moment they are claimed. When
// fewer feeds are due than all the workers' fetchers, one process may hold
// a few that another's idle fetchers could have started; each waits at
// most for one fetch of its own process to end.
func claimAhead(workers int) int { return 2 * workers }

// handOut gives a claimed feed to a worker; false when ctx ended first.
func (m *Monitor) handOut(ctx context.Context, jobs chan<- vigil.Feed, f vigil.Feed) bool {
	switch m.claim(f.ID, f.URL) {
	case alreadyOwned:
		// Its lease ran out while a fetcher here waited for its host, and
		// this claim took it again: the lease stays, for that fetch to
		// renew and its end to release (finishShared). Giving it back
		// would let another process fetch the feed beside this one.
		return true
	case hostBusy:
		// This process already holds its host's share of workers: the
		// lease goes back for any worker to take.
		m.releaseShared(ctx, f.ID)
		return ctx.Err() == nil
	}
	select {
	case jobs <- f:
		return true
	case <-ctx.Done():
		m.release(f.ID)
		return false
	}
}

// noteSpent logs when the shared budget runs out, once per run of refusals.
func (m *Monitor) noteSpent(spent bool) {
	if !spent {
		m.spent.Store(false)
		return
	}
	if !m.spent.Swap(true) {
		m.log.Warn("fetch budget spent; waiting", "budget_per_hour", m.cfg.BudgetPerHour)
	}
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

// finishShared notes that the fetch of a claimed feed ended: its lease
// ends with the next claim (dispatchShared), which follows at once, saving
// a round trip to the database per fetch; finishedShared ends the leases
// still noted when the loop stops.
func (m *Monitor) finishShared(id int64) {
	if m.coord == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.finished = append(m.finished, id)
}

// takeFinished returns the feeds whose leases are to end, and forgets them.
func (m *Monitor) takeFinished() []int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	done := m.finished
	m.finished = nil
	return done
}

// keepFinished notes again feeds whose leases a failed claim may not have
// ended.
func (m *Monitor) keepFinished(done []int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.finished = append(m.finished, done...)
}

// releaseFinished ends the leases still noted by finishShared.
func (m *Monitor) releaseFinished(ctx context.Context) {
	for _, id := range m.takeFinished() {
		m.releaseShared(ctx, id)
	}
}

// acquireSharedHost waits until the host of rawURL is leased to this
// process and returns the function that gives it back; without a
// coordinator it does nothing. For a feed the loop claimed (claimed not 0)
// the step that takes the host also renews the lease on the feed; if that
// lease was lost meanwhile, it gives the host back and the fetch does not
// happen (errLeaseLost).
//
// The returned function keeps the lease instead (KeepHost) when left,
// the count of the feeds of a pass, has more feeds of the host.
func (m *Monitor) acquireSharedHost(ctx context.Context, rawURL string, claimed int64, left *hostsLeft) (func(), error) {
	if m.coord == nil {
		return func() {}, nil
	}
	host, err := fetch.HostKey(rawURL)
	if err != nil {
		return nil, err
	}
	for {
		ok, renewed, retry, err := m.takeHost(ctx, host, claimed)
		if err != nil {
			return nil, fmt.Errorf("monitor: waiting for host %s: %w", host, err)
		}
		if ok && !renewed {
			m.releaseSharedHost(ctx, host)
			return nil, errLeaseLost
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
		if left.done(host) {
			m.coord.KeepHost(host, m.clk.Now())
			return
		}
		m.releaseSharedHost(ctx, host)
	}, nil
}

// takeHost tries once to lease a host, renewing the lease on the feed
// claimed (if not 0) when it does; renewed is true without one.
func (m *Monitor) takeHost(ctx context.Context, host string, claimed int64) (ok, renewed bool, retry time.Time, err error) {
	if claimed == 0 {
		ok, retry, err = m.coord.AcquireHost(ctx, host, m.clk.Now())
		return ok, true, retry, err
	}
	return m.coord.AcquireHostRenewing(ctx, host, claimed, m.clk.Now())
}

// releaseSharedHost gives back a host this process leased.
func (m *Monitor) releaseSharedHost(ctx context.Context, host string) {
	if err := m.coord.ReleaseHost(context.WithoutCancel(ctx), host, m.clk.Now()); err != nil {
		m.log.Error("releasing a host", "host", host, "error", err)
	}
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
