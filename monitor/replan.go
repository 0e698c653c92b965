package monitor

import (
	"context"
	"time"

	"vigil"
	"vigil/plan"
	"vigil/policy"
)

// Replanner is a planner that also plans every feed at once, as the
// budget-splitting policies do (policy.Live).
type Replanner interface {
	// ReplanPaged plans every followed feed at now, read a page at a time
	// by read (each call hands over every followed feed once), knowing
	// which ones their WebSub hubs feed (fed), who reads which feed and
	// when each user looked at their items (readers and accesses as
	// policy.WithLooks gives them: a user's looks at one feed are a reader
	// of their own), by plan.SplitPlan's rule v.
	// It may call read again once the plan is made, and hands each feed it
	// reschedules, as read then, with its next fetch to reschedule; it
	// returns the fed feeds' verification intervals (Replanned.Next is
	// nil).
	ReplanPaged(read func(page func(feeds []vigil.Feed)) error, fed map[int64]bool, v plan.Verification, readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time, reschedule func(f *vigil.Feed, next time.Time)) (plan.Replanned, error)
}

// accessHistory is how far back replan reads users' accesses; older ones
// are pruned.
const accessHistory = 14 * 24 * time.Hour

// replan asks a Replanner for a fresh plan of every followed feed, read a
// page at a time (planPages), and stores the next fetch times that moved,
// after the servers' hints. A time is stored only if the feed's next
// fetch is still the one it was read with and the feed is not failing, so
// a fetch that ended meanwhile (with its own next time, or a backoff) is
// never overwritten.
func (m *Monitor) replan(ctx context.Context, now time.Time) {
	rp, ok := m.planner.(Replanner)
	if !ok {
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
	learners, accesses, err := m.readersAndAccesses(ctx, readers, now)
	if err != nil {
		m.log.Error("re-planning: reading accesses", "error", err)
		return
	}
	m.handNovelRates(ctx)
	fed := m.fedFeeds(ctx, now)
	pages := &planPages{st: m.st}
	moved := 0
	r, err := rp.ReplanPaged(pages.reader(ctx), fed, m.cfg.verification(), learners, accesses, now, func(f *vigil.Feed, t time.Time) {
		if m.reschedule(ctx, f, t) {
			moved++
		}
	})
	if err != nil {
		m.log.Error("re-planning", "planner", m.planner.Name(), "error", err)
		return
	}
	m.setVerify(r.Verify)
	m.keepPlan(ctx, readers, now)
	m.log.Info("re-planned", "planner", m.planner.Name(), "feeds", pages.listed, "fed", len(r.Verify),
		"budget_left_per_day", r.Left, "rescheduled", moved)
}

// readersAndAccesses reads the users' accesses and looks of the last
// accessHistory and returns what the planner learns readers' habits from:
// the readers with a stream of its own for each user's looks at one feed
// (policy.WithLooks), and every stream's accesses.
func (m *Monitor) readersAndAccesses(ctx context.Context, readers []vigil.Reader, now time.Time) ([]vigil.Reader, map[int64][]time.Time, error) {
	accesses, err := m.st.Accesses(ctx, now.Add(-accessHistory))
	if err != nil {
		return nil, nil, err
	}
	looks, err := m.st.Looks(ctx, now.Add(-accessHistory))
	if err != nil {
		return nil, nil, err
	}
	learners, accesses := policy.WithLooks(readers, accesses, looks)
	return learners, accesses, nil
}

// reschedule stores t, after the feed's hints, as the next fetch of f (as
// read by the re-plan) unless a fetch of it is in flight or t is within a
// minute of its next fetch; it reports whether the feed moved.
func (m *Monitor) reschedule(ctx context.Context, f *vigil.Feed, t time.Time) bool {
	if m.isInflight(f.ID) {
		return false
	}
	t = plan.Constrain(t, f.Hints, f.LastFetch)
	if d := t.Sub(f.NextFetch); d > -time.Minute && d < time.Minute {
		return false
	}
	ok, err := m.st.Reschedule(ctx, f.ID, f.NextFetch, t)
	if err != nil {
		m.log.Error("re-planning: storing next fetch", "feed", f.ID, "error", err)
		return false
	}
	return ok
}
