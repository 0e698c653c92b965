package monitor

import (
	"context"
	"errors"
	"sync"
	"time"

	"vigil"
	"vigil/fetch"
)

// Run fetches due feeds until ctx ends, then waits for the fetches in
// flight. Every Replan period (and at start) it asks a re-planning planner
// to plan all feeds; between plans, each fetch's next time comes from the
// current plan, and a feed added since waits the budget's mean interval.
func (m *Monitor) Run(ctx context.Context) error {
	jobs := make(chan vigil.Feed)
	var wg sync.WaitGroup
	for range m.cfg.Workers {
		wg.Go(func() { m.worker(ctx, jobs, &wg) })
	}
	defer func() {
		close(jobs)
		wg.Wait()
		m.releaseFinished(ctx)
	}()
	var planned time.Time
	for {
		if now := m.clk.Now(); planned.IsZero() || now.Sub(planned) >= m.cfg.Replan {
			m.replanShared(ctx, now)
			planned = now
		}
		freed := m.releasedSignal()
		wait := m.dispatch(ctx, jobs)
		if m.heldBack == 0 {
			freed = nil // nothing waits for a host: no need to look at each release
		}
		select {
		case <-ctx.Done():
			return nil
		case <-m.wake:
		case <-freed:
		case <-m.clk.After(wait):
		}
	}
}

// dispatch hands due feeds to the workers, within the budget, and returns
// how long to wait before looking again.
func (m *Monitor) dispatch(ctx context.Context, jobs chan<- vigil.Feed) time.Duration {
	if m.coord != nil {
		return m.dispatchShared(ctx, jobs)
	}
	now := m.clk.Now()
	due, err := m.st.DueFeeds(ctx, now, 4*m.cfg.Workers+m.inflightCount()+m.heldBack)
	if err != nil {
		if ctx.Err() == nil {
			m.log.Error("listing due feeds", "error", err)
		}
		return m.cfg.Tick
	}
	m.heldBack = 0
	for _, f := range due {
		f, ok := m.claimDue(ctx, f, now)
		if !ok {
			continue
		}
		if !m.spend(ctx, now) {
			m.release(f.ID)
			return m.cfg.Tick
		}
		select {
		case jobs <- f:
		case <-ctx.Done():
			m.release(f.ID)
			return 0
		}
	}
	return m.cfg.Tick
}

// claimDue claims a feed for this process and re-reads it, so that a feed
// fetched meanwhile (the due list can be stale while the loop waits for a
// free worker) is not fetched again. It returns the fresh feed. A feed
// whose host holds its share of workers stays due for a later dispatch,
// and the next due list is longer by as many (heldBack), so that many due
// feeds of one busy host cannot hide the feeds of the others.
func (m *Monitor) claimDue(ctx context.Context, due vigil.Feed, now time.Time) (vigil.Feed, bool) {
	switch m.claim(due.ID, due.URL) {
	case hostBusy:
		m.heldBack = min(m.heldBack+1, maxHeldBack)
		return vigil.Feed{}, false
	case alreadyOwned:
		return vigil.Feed{}, false
	}
	f, err := m.st.Feed(ctx, due.ID)
	if err != nil || f.NextFetch.After(now) || f.Subscribers == 0 {
		m.release(due.ID)
		return vigil.Feed{}, false
	}
	return *f, true
}

// maxHeldBack bounds how far the due list grows past busy hosts' feeds.
const maxHeldBack = 4096

// spend reports whether the budget allows one more fetch now; it logs when
// the budget runs out, once per run of refusals.
func (m *Monitor) spend(ctx context.Context, now time.Time) bool {
	ok, err := m.trySpend(ctx, now)
	if err != nil {
		m.log.Error("checking the fetch budget", "error", err)
		return false
	}
	if ok {
		m.spent.Store(false)
		return true
	}
	if !m.spent.Swap(true) {
		m.log.Warn("fetch budget spent; waiting", "budget_per_hour", m.cfg.BudgetPerHour)
	}
	return false
}

// fetchClaimed fetches a claimed feed, its watched page read first.
func (m *Monitor) fetchClaimed(ctx context.Context, f vigil.Feed) (Result, error) {
	page, err := m.pageOf(ctx, f)
	if err != nil {
		return Result{}, err
	}
	return m.fetchFeed(ctx, f, page, fetchKnown{claimed: true})
}

// work fetches one claimed feed and logs what happened. A fetch that could
// not be stored is the store's failure, not the feed's: it is retried
// after its own short backoff (see storeRetryDelay) and told to Events
// apart from the feeds' failures.
func (m *Monitor) work(ctx context.Context, f vigil.Feed) {
	if m.coord != nil {
		// A free worker claims the next due feed at once (deferred first,
		// so that it runs after the releases below).
		defer m.Wake()
	}
	defer m.release(f.ID)
	defer m.finishShared(f.ID)
	res, err := m.fetchClaimed(ctx, f)
	switch {
	case errors.Is(err, errLeaseLost):
		m.log.Info("feed taken over by another process while waiting for its host", "feed", f.ID, "url", fetch.RedactURL(f.URL))
	case err != nil && ctx.Err() == nil:
		m.notStored(ctx, f, err)
	case err == nil:
		m.stored(f.ID)
		m.logFetch(f, res)
	}
}

// logFetch logs a stored fetch: a warning when it failed.
func (m *Monitor) logFetch(f vigil.Feed, res Result) {
	if res.Err != "" {
		m.log.Warn("fetch failed", "feed", f.ID, "url", fetch.RedactURL(f.URL), "status", res.Status, "error", res.Err, "next", res.NextTime)
		return
	}
	m.log.Info("fetched", "feed", f.ID, "url", fetch.RedactURL(f.URL), "status", res.Status, "new", res.New, "updated", res.Updated, "next", res.NextTime)
}

// notStored reschedules a feed whose fetch came back but could not be
// stored, after the store's own short backoff, and tells Events.
func (m *Monitor) notStored(ctx context.Context, f vigil.Feed, err error) {
	failures := m.storeFailed(f.ID)
	retry := m.clk.Now().Add(m.cfg.storeRetryDelay(failures))
	m.log.Error("fetch not stored", "feed", f.ID, "url", fetch.RedactURL(f.URL), "error", err,
		"store_failures", failures, "retry", retry)
	if m.events != nil {
		m.events.StoreFailed()
	}
	if err := m.st.SetNextFetch(context.WithoutCancel(ctx), f.ID, retry); err != nil {
		m.log.Error("rescheduling a feed whose fetch was not stored", "feed", f.ID, "error", err)
	}
}
