package monitor

import (
	"context"
	"fmt"
	"sync"

	"vigil"
	"vigil/store"
)

// Pass is the outcome of RunOnce or RunOnceEach.
type Pass struct {
	// Results are the fetches' results in the order they finished (RunOnce
	// only: RunOnceEach hands each one over instead of keeping it).
	Results []Result
	// Fetched counts the feeds fetched (and stored).
	Fetched int
	// Skipped counts due feeds left for later because the budget was spent.
	Skipped int
	// Held counts feeds left alone because their server asked not to be
	// fetched yet (Retry-After, Cache-Control, Expires), even with all.
	Held int
}

// RunOnce fetches every feed due now (every followed feed when all is
// true, except those whose server asked to wait), at most Workers at a time
// and within the budget, and returns what each fetch did. It is
// RunOnceEach keeping every result in Pass.Results.
func (m *Monitor) RunOnce(ctx context.Context, all bool) (Pass, error) {
	var results []Result
	pass, err := m.RunOnceEach(ctx, all, func(r Result) { results = append(results, r) })
	pass.Results = results
	return pass, err
}

// RunOnceEach is `vigil fetch`: it fetches what RunOnce fetches and calls
// each with every fetch's result as it finishes, one call at a time,
// instead of keeping them, so that a pass over many feeds holds only the
// fetches in flight.
//
// It re-plans at start unless the plan stored by the last re-plan is fresh
// (younger than the Replan period, made for the same followed feeds and
// weights) and the planner can take it back: then the cycle costs only its
// fetches.
func (m *Monitor) RunOnceEach(ctx context.Context, all bool, each func(Result)) (Pass, error) {
	if now := m.clk.Now(); !m.reusePlan(ctx, now) {
		m.replan(ctx, now)
	}
	due, err := m.pending(ctx, all)
	if err != nil {
		return Pass{}, err
	}
	ahead := newFeedsAhead(m.st, due, m.clk.Now)
	left := m.newHostsLeft(due)
	defer m.releaseKept(ctx)
	var (
		pass Pass
		mu   sync.Mutex
		wg   sync.WaitGroup
		sem  = make(chan struct{}, m.cfg.Workers)
		errs []error
	)
	for len(due) > 0 && ctx.Err() == nil {
		signal := m.releasedSignal()
		var waiting []store.FeedRef // feeds of hosts that hold their share of workers
		for _, d := range due {
			now := m.clk.Now()
			if d.NotBefore.After(now) {
				pass.Held++
				left.skip(d.URL)
				continue
			}
			sem <- struct{}{}
			switch m.claim(d.ID, d.URL) {
			case hostBusy:
				<-sem
				waiting = append(waiting, d)
				continue
			case alreadyOwned:
				<-sem
				left.skip(d.URL)
				continue
			}
			if !m.spend(ctx, now) {
				m.release(d.ID)
				<-sem
				pass.Skipped++
				left.skip(d.URL)
				continue
			}
			wg.Go(func() {
				defer func() { <-sem; m.release(d.ID) }()
				res, err := m.fetchDue(ctx, ahead, left, d)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					errs = append(errs, err)
					return
				}
				pass.Fetched++
				each(res)
			})
		}
		if due = waiting; len(due) > 0 {
			select {
			case <-signal:
			case <-ctx.Done():
			}
		}
	}
	wg.Wait()
	if len(errs) > 0 {
		return pass, errs[0]
	}
	return pass, nil
}

// fetchDue reads a listed feed again (read ahead with the next ones, with
// whether it is a watched page and whether it has a WebSub subscription;
// a page's settings and the subscription only when it has them), and
// fetches it as a fetch of the pass whose feeds left counts.
func (m *Monitor) fetchDue(ctx context.Context, ahead *feedsAhead, left *hostsLeft, d store.FeedRef) (Result, error) {
	f, err := ahead.feed(ctx, d.ID)
	if err != nil {
		return Result{}, fmt.Errorf("monitor: reading feed %d before fetching it: %w", d.ID, err)
	}
	var page *vigil.Page
	if f.Page {
		if page, err = m.pageOf(ctx, *f.Feed); err != nil {
			return Result{}, err
		}
	}
	return m.fetchFeed(ctx, *f.Feed, page, fetchKnown{unpushed: !f.Pushed, left: left})
}

// pending lists the feeds a pass fetches: the due ones, or all followed
// ones. It keeps only their store.FeedRef, not whole feeds, which
// were most of a pass's live heap (docs/performance.md).
func (m *Monitor) pending(ctx context.Context, all bool) ([]store.FeedRef, error) {
	refs, err := m.st.FetchList(ctx, m.clk.Now(), all)
	if err != nil {
		return nil, fmt.Errorf("monitor: listing the feeds to fetch: %w", err)
	}
	return refs, nil
}
