package monitor

import (
	"context"
	"fmt"
	"math"
	"time"
)

// budgetWindow is the sliding window of the global fetch budget.
const budgetWindow = time.Hour

// budgetLeft returns how many more fetches the global budget allows at now:
// BudgetPerHour minus the fetches stored by any process in the last hour and
// minus those this process has in flight (started, not yet stored).
// Counting stored observations makes one budget for every process sharing
// the database (`vigil serve` and a cron `vigil fetch` alike) and makes it
// survive restarts. Two processes deciding at the same instant can each take
// the last fetch, so the limit can be passed by at most the number of
// processes minus one. Without a budget it is math.MaxInt.
func (m *Monitor) budgetLeft(ctx context.Context, now time.Time) (int, error) {
	if m.cfg.BudgetPerHour <= 0 {
		return math.MaxInt, nil
	}
	stored, err := m.st.CountFetchesSince(ctx, now.Add(-budgetWindow))
	if err != nil {
		return 0, fmt.Errorf("monitor: counting the last hour's fetches: %w", err)
	}
	return m.cfg.BudgetPerHour - stored - m.inflightCount(), nil
}
