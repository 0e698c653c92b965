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
	// ReplanFed plans all feeds at now, knowing which ones their WebSub
	// hubs feed (fed), who reads which feed and when each user looked at
	// their items, by plan.SplitPlan's rule v: it returns the next fetch
	// time of each feed it reschedules and the fed feeds' verification
	// intervals.
	ReplanFed(feeds []vigil.Feed, fed map[int64]bool, v plan.Verification, readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time) (plan.Replanned, error)
}

// accessHistory is how far back replan reads users' accesses; older ones
// are pruned.
const accessHistory = 14 * 24 * time.Hour

// replan asks a Replanner for a fresh plan of every feed and stores the
// next fetch times that moved, after the servers' hints. A time is stored
// only if the feed's next fetch is still the one the plan started from and
// the feed is not failing, so a fetch that ended meanwhile (with its own
// next time, or a backoff) is never overwritten.
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
	readers, err := m.st.Readers(ctx)
	if err != nil {
		m.log.Error("re-planning: listing readers", "error", err)
		return
	}
	if _, err := m.st.PruneAccesses(ctx, now.Add(-accessHistory)); err != nil {
		m.log.Error("re-planning: pruning old accesses", "error", err)
	}
	accesses, err := m.st.Accesses(ctx, now.Add(-accessHistory))
	if err != nil {
		m.log.Error("re-planning: reading accesses", "error", err)
		return
	}
	m.handNovelRates(ctx)
	fed := m.fedFeeds(ctx, now)
	r, err := rp.ReplanFed(feeds, fed, m.cfg.verification(), readers, accesses, now)
	if err != nil {
		m.log.Error("re-planning", "planner", m.planner.Name(), "error", err)
		return
	}
	m.setVerify(r.Verify)
	m.keepPlan(ctx, readers, now)
	moved := 0
	for _, f := range feeds {
		t, ok := r.Next[f.ID]
		if !ok || m.isInflight(f.ID) {
			continue
		}
		t = plan.Constrain(t, f.Hints, f.LastFetch)
		if d := t.Sub(f.NextFetch); d > -time.Minute && d < time.Minute {
			continue
		}
		ok, err := m.st.Reschedule(ctx, f.ID, f.NextFetch, t)
		if err != nil {
			m.log.Error("re-planning: storing next fetch", "feed", f.ID, "error", err)
			continue
		}
		if ok {
			moved++
		}
	}
	m.log.Info("re-planned", "planner", m.planner.Name(), "feeds", len(feeds), "fed", len(r.Verify),
		"budget_left_per_day", r.Left, "rescheduled", moved)
}
