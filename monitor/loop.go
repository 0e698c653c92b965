package monitor

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"vigil"
)

// Run fetches due feeds until ctx ends, then waits for the fetches in
// flight. The budget is preloaded with the fetches of the last hour, so a
// restart cannot overspend it.
func (m *Monitor) Run(ctx context.Context) error {
	if err := m.preloadBudget(ctx); err != nil {
		return err
	}
	jobs := make(chan vigil.Feed)
	var wg sync.WaitGroup
	for range m.cfg.Workers {
		wg.Go(func() {
			for f := range jobs {
				m.work(ctx, f)
			}
		})
	}
	defer func() {
		close(jobs)
		wg.Wait()
	}()
	for {
		wait := m.dispatch(ctx, jobs)
		select {
		case <-ctx.Done():
			return nil
		case <-m.wake:
		case <-m.clk.After(wait):
		}
	}
}

// dispatch hands due feeds to the workers and returns how long to wait
// before looking again.
func (m *Monitor) dispatch(ctx context.Context, jobs chan<- vigil.Feed) time.Duration {
	now := m.clk.Now()
	due, err := m.st.DueFeeds(ctx, now, 4*m.cfg.Workers+m.inflightCount())
	if err != nil {
		if ctx.Err() == nil {
			m.log.Error("listing due feeds", "error", err)
		}
		return m.cfg.Tick
	}
	for _, f := range due {
		if !m.claim(f.ID) {
			continue
		}
		if ok, wait := m.budget.Take(now); !ok {
			m.release(f.ID)
			m.log.Info("fetch budget spent; waiting", "budget_per_hour", m.cfg.BudgetPerHour, "wait", wait.Round(time.Second))
			return wait
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

func (m *Monitor) work(ctx context.Context, f vigil.Feed) {
	defer m.release(f.ID)
	res, err := m.FetchFeed(ctx, f)
	switch {
	case err != nil && ctx.Err() == nil:
		m.log.Error("fetch not stored", "feed", f.ID, "url", f.URL, "error", err)
	case err == nil && res.Err != "":
		m.log.Warn("fetch failed", "feed", f.ID, "url", f.URL, "status", res.Status, "error", res.Err, "next", res.NextTime)
	case err == nil:
		m.log.Info("fetched", "feed", f.ID, "url", f.URL, "status", res.Status, "new", res.New, "updated", res.Updated, "next", res.NextTime)
	}
}

// Pass is the outcome of RunOnce.
type Pass struct {
	Results []Result
	// Skipped counts due feeds left for later because the budget was spent.
	Skipped int
}

// RunOnce fetches every feed due now (every followed feed when all is
// true), at most Workers at a time and within the budget, and returns what
// each fetch did. It is `vigil fetch`.
func (m *Monitor) RunOnce(ctx context.Context, all bool) (Pass, error) {
	if err := m.preloadBudget(ctx); err != nil {
		return Pass{}, err
	}
	due, err := m.pending(ctx, all)
	if err != nil {
		return Pass{}, err
	}
	var (
		pass Pass
		mu   sync.Mutex
		wg   sync.WaitGroup
		sem  = make(chan struct{}, m.cfg.Workers)
		errs []error
	)
	for _, f := range due {
		if ok, _ := m.budget.Take(m.clk.Now()); !ok {
			pass.Skipped++
			continue
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			res, err := m.FetchFeed(ctx, f)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			pass.Results = append(pass.Results, res)
		})
	}
	wg.Wait()
	if len(errs) > 0 {
		return pass, errs[0]
	}
	return pass, nil
}

// pending lists the feeds a pass fetches: the due ones, or all followed ones.
func (m *Monitor) pending(ctx context.Context, all bool) ([]vigil.Feed, error) {
	if !all {
		due, err := m.st.DueFeeds(ctx, m.clk.Now(), math.MaxInt32)
		if err != nil {
			return nil, fmt.Errorf("monitor: listing due feeds: %w", err)
		}
		return due, nil
	}
	feeds, err := m.st.Feeds(ctx)
	if err != nil {
		return nil, fmt.Errorf("monitor: listing feeds: %w", err)
	}
	followed := feeds[:0]
	for _, f := range feeds {
		if f.Subscribers > 0 {
			followed = append(followed, f)
		}
	}
	return followed, nil
}

func (m *Monitor) preloadBudget(ctx context.Context) error {
	if m.cfg.BudgetPerHour <= 0 {
		return nil
	}
	now := m.clk.Now()
	n, err := m.st.CountFetchesSince(ctx, now.Add(-time.Hour))
	if err != nil {
		return fmt.Errorf("monitor: reading the last hour's fetches: %w", err)
	}
	m.budget.Preload(n, now)
	return nil
}

func (m *Monitor) claim(id int64) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.inflight[id] {
		return false
	}
	m.inflight[id] = true
	return true
}

func (m *Monitor) release(id int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.inflight, id)
}

func (m *Monitor) inflightCount() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.inflight)
}
