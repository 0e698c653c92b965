package monitor

import "context"

// NovelPlanner is a planner that plans by the feeds' rates of novel items
// (policy.Live, for the content policy): the monitor hands it the rates
// the profiler stored with the channel profiles at every re-plan.
type NovelPlanner interface {
	// SetNovelRates replaces the feeds' novel rates, items per hour by
	// feed ID.
	SetNovelRates(rates map[int64]float64)
}

// handNovelRates gives a NovelPlanner the novel rate of every feed the
// profiler has judged (a profile with a learned rate); it logs and leaves
// the rates as they were when the profiles cannot be read.
func (m *Monitor) handNovelRates(ctx context.Context) {
	np, ok := m.planner.(NovelPlanner)
	if !ok {
		return
	}
	profiles, err := m.st.Profiles(ctx)
	if err != nil {
		m.log.Error("re-planning: reading the novel rates of the profiles", "error", err)
		return
	}
	rates := make(map[int64]float64, len(profiles))
	for _, p := range profiles {
		// 0 is what the profiler stores until its learner has seen a second
		// fetch: not judged yet, so the feed plans by all its items.
		if p.NovelRate > 0 {
			rates[p.FeedID] = p.NovelRate / 24 // stored per day
		}
	}
	np.SetNovelRates(rates)
}
