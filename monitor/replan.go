package monitor

import (
	"context"
	"time"

	"vigil"
	"vigil/plan"
)

// Replanner is a planner that also plans every feed at once, as the
// budget-splitting policies do (policy.Live).
type Replanner interface {
	// Replan plans all feeds at now and returns the next fetch time of each
	// feed it reschedules.
	Replan(feeds []vigil.Feed, now time.Time) (map[int64]time.Time, error)
}

// replan asks a Replanner for a fresh plan of every feed and stores the
// next fetch times that moved, after the servers' hints. Feeds in flight
// keep the time their fetch will store.
func (m *Monitor) replan(ctx context.Context, now time.Time) {
	rp, ok := m.planner.(Replanner)
	if !ok {
		return
	}
	feeds, err := m.st.Feeds(ctx)
	if err != nil {
		m.log.Error("re-planning: listing feeds", "error", err)
		return
	}
	next, err := rp.Replan(feeds, now)
	if err != nil {
		m.log.Error("re-planning", "planner", m.planner.Name(), "error", err)
		return
	}
	moved := 0
	for _, f := range feeds {
		t, ok := next[f.ID]
		if !ok || m.isInflight(f.ID) {
			continue
		}
		t = plan.Constrain(t, f.Hints, f.LastFetch)
		if d := t.Sub(f.NextFetch); d > -time.Minute && d < time.Minute {
			continue
		}
		if err := m.st.SetNextFetch(ctx, f.ID, t); err != nil {
			m.log.Error("re-planning: storing next fetch", "feed", f.ID, "error", err)
			continue
		}
		moved++
	}
	m.log.Info("re-planned", "planner", m.planner.Name(), "feeds", len(feeds), "rescheduled", moved)
}

// isInflight reports whether this process is fetching the feed.
func (m *Monitor) isInflight(id int64) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.inflight[id]
}
