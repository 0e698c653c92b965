package monitor

import (
	"context"
	"sync"

	"vigil"
)

// worker fetches the feeds handed over on jobs until jobs is closed, or
// until a slow fetch had it replaced (see workWatched).
func (m *Monitor) worker(ctx context.Context, jobs <-chan vigil.Feed, wg *sync.WaitGroup) {
	for f := range jobs {
		if m.workWatched(ctx, f, jobs, wg) {
			return
		}
	}
}

// workWatched fetches one feed like work. When the fetch is still running
// after SlowAfter, a replacement worker starts taking jobs, so that a few
// slow sources (on different hosts, each within its PerHost share) cannot
// hold the whole pool until their timeouts; this worker ends after its
// slow fetch. At most Workers replacements run at once, so the pool never
// exceeds twice its size. It reports whether the worker was replaced.
func (m *Monitor) workWatched(ctx context.Context, f vigil.Feed, jobs <-chan vigil.Feed, wg *sync.WaitGroup) bool {
	var mu sync.Mutex
	finished, replaced := false, false
	done := make(chan struct{})
	slow := m.clk.After(m.cfg.SlowAfter) // set before the fetch starts
	go func() {
		select {
		case <-done:
			return
		case <-ctx.Done():
			return
		case <-slow:
		}
		mu.Lock()
		defer mu.Unlock()
		if finished || !m.takeOverflow() {
			return
		}
		replaced = true
		wg.Go(func() { m.worker(ctx, jobs, wg) }) // this worker is still running: wg is above zero
	}()
	m.work(ctx, f)
	close(done)
	mu.Lock()
	defer mu.Unlock()
	finished = true
	if replaced {
		m.overflow.Add(-1)
	}
	return replaced
}

// takeOverflow counts one more replacement worker, unless Workers already run.
func (m *Monitor) takeOverflow() bool {
	if m.overflow.Add(1) > int64(m.cfg.Workers) {
		m.overflow.Add(-1)
		return false
	}
	return true
}
