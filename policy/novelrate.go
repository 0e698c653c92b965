package policy

import (
	"maps"
	"math"
)

// SetNovelRates gives the live policy the rate of novel items of each feed,
// in items per hour, keyed by feed ID: the rate the profiler learns by
// feeding the novelty filter's count of each fetch (Roitman et al. Eq. 7)
// to the learner of Eq. 5, as the simulator feeds Models.ObserveNovel. The
// content policy plans by it (Roitman et al. §5.3.2); a feed absent from
// rates, or with a rate that is not a finite number ≥ 0, plans by the
// learned rate of all its items until the profiler has judged it. The
// rates replace the ones given before; they are not stored in the feeds'
// models, which the profiler's own state backs.
func (l *Live) SetNovelRates(rates map[int64]float64) {
	clean := make(map[int64]float64, len(rates))
	for id, r := range maps.All(rates) {
		if r >= 0 && !math.IsInf(r, 1) {
			clean[id] = r
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.novel = clean
}

// novelRate returns the feed's novel rate given by SetNovelRates.
func (l *Live) novelRate(id int64) (float64, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	r, ok := l.novel[id]
	return r, ok
}

// adoptNovelRate makes the models' novel-rate learner hold a rate learned
// elsewhere (the live profiler's), started as NewLearned starts one, so
// that NovelRate gives it, still raised to the learner's floor.
func (m *Models) adoptNovelRate(perHour float64) {
	if m.Novel == nil {
		n := *m.Learned
		n.Rate, n.Probes = 0, 0
		m.Novel = &n
	}
	m.Novel.Rate = perHour
	m.Novel.Probes = max(m.Novel.Probes, 1)
}
