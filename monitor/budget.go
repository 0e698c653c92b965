package monitor

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// budgetWindow is the sliding window of the global fetch budget.
const budgetWindow = time.Hour

// ledger remembers when this process started its fetches within the
// budget window.
type ledger struct {
	mu      sync.Mutex
	started []time.Time // oldest first
}

// recent drops starts older than the window ending at now and returns how
// many are left.
func (l *ledger) recent(now time.Time) int {
	i := 0
	for i < len(l.started) && !l.started[i].Add(budgetWindow).After(now) {
		i++
	}
	l.started = l.started[i:]
	return len(l.started)
}

// trySpend takes one fetch of the global budget for a feed this process has
// just claimed. Spent so far in the window is the larger of two counts:
// the fetches stored by every process sharing the database plus those this
// process has in flight (so `vigil serve` and a cron `vigil fetch` share one
// budget, and it survives restarts), and the fetches this process itself
// started (exact for one process even before its fetches are stored). Two
// processes deciding at the same instant can each take the last fetch, so
// the limit can be passed by at most the number of processes minus one.
func (m *Monitor) trySpend(ctx context.Context, now time.Time) (bool, error) {
	if m.cfg.BudgetPerHour <= 0 {
		return true, nil
	}
	stored, err := m.st.CountFetchesSince(ctx, now.Add(-budgetWindow))
	if err != nil {
		return false, fmt.Errorf("monitor: counting the last hour's fetches: %w", err)
	}
	m.ledger.mu.Lock()
	defer m.ledger.mu.Unlock()
	others := stored + m.inflightCount() - 1 // the claimed feed is in flight already
	if max(others, m.ledger.recent(now)) >= m.cfg.BudgetPerHour {
		return false, nil
	}
	m.ledger.started = append(m.ledger.started, now)
	return true, nil
}
