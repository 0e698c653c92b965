package sim

import (
	"cmp"
	"slices"
	"time"
)

// PageMetrics is what a run over page-change traces measured: how fresh
// the pages' copies stayed and how long changes waited to be seen, over
// the evaluated period.
type PageMetrics struct {
	// Policy is the policy's name, or "clairvoyant" for the bound.
	Policy string `json:"policy"`
	// Pages is the number of pages; Changes the changes in the period.
	Pages   int `json:"pages"`
	Changes int `json:"changes"`
	// Budget is the fetches allowed per day; Fetches those made in the
	// evaluated period (for the bound: those it may make).
	Budget  float64 `json:"budget_per_day"`
	Fetches int     `json:"fetches"`
	// Freshness is the time-averaged share of pages whose copy is up to
	// date (no change since the last fetch), Cho & Garcia-Molina's
	// freshness; for the bound, the most any schedule of Fetches fetches
	// can reach.
	Freshness float64 `json:"freshness"`
	// AgeMin is the time-averaged age of a copy: the time since the first
	// change not yet fetched, 0 when fresh (the change delay a follower
	// sees). Not bounded for the clairvoyant (0 there).
	AgeMin float64 `json:"age_min"`
	// Unseen counts changes overwritten by a later change before any
	// fetch saw them: a page shows only its latest version. Not bounded
	// for the clairvoyant (0 there).
	Unseen int `json:"unseen"`
}

// RunPages replays page-change traces (each source's Postings are the
// times its page changed) through the configured policy: the same
// engine, models and planner as feeds, with each page showing only its
// latest version (W = 1), no dates, and the models' rate set after every
// fetch by Cho & Garcia-Molina's change-only estimator (Config.Pages).
// The policy "clairvoyant" gives instead FreshnessBound's upper bound.
func RunPages(cfg Config, srcs []Source) (PageMetrics, error) {
	pages := make([]Source, len(srcs))
	for i, s := range srcs {
		pages[i] = Source{ID: s.ID, Window: 1, Postings: s.Postings}
	}
	cfg.Pages, cfg.NoDates, cfg.NoQuality, cfg.DefaultWindow = true, true, true, 1
	if cfg.Policy == Clairvoyant {
		return clairvoyantPages(cfg, pages)
	}
	m, err := Run(cfg, pages, nil)
	if err != nil {
		return PageMetrics{}, err
	}
	return PageMetrics{
		Policy: m.Policy, Pages: m.Sources, Changes: m.Postings, Budget: m.Budget,
		Fetches: m.Fetches, Freshness: m.Freshness, AgeMin: m.AgeMin, Unseen: m.Lost,
	}, nil
}

// clairvoyantPages bounds the freshness reachable with the run's budget
// over its evaluated period.
func clairvoyantPages(cfg Config, srcs []Source) (PageMetrics, error) {
	if _, err := validateSources(srcs); err != nil {
		return PageMetrics{}, err
	}
	r, err := cfg.resolve(srcs)
	if err != nil {
		return PageMetrics{}, err
	}
	from, to := r.evalStart, r.End
	fetches := int(r.perDay * to.Sub(from).Hours() / 24)
	m := PageMetrics{Policy: Clairvoyant, Pages: len(srcs), Budget: r.perDay, Fetches: fetches}
	m.Freshness = FreshnessBound(srcs, from, to, fetches)
	for _, s := range srcs {
		for _, t := range s.Postings {
			if !t.Before(from) && t.Before(to) {
				m.Changes++
			}
		}
	}
	return m, nil
}

// FreshnessBound is the highest time-averaged freshness any schedule of
// fetches fetches over [from, to) can give the pages, knowing when they
// change: a page's copy can be fresh from from to its first change, and
// within each gap between consecutive changes only after a fetch in that
// gap, so at best for the whole gap when fetched at its start. The bound
// takes every page fresh at from and the fetches largest gaps whole.
func FreshnessBound(srcs []Source, from, to time.Time, fetches int) float64 {
	length := to.Sub(from).Seconds()
	if len(srcs) == 0 || length <= 0 {
		return 1
	}
	var fresh float64
	var gaps []float64
	for _, s := range srcs {
		head, g := changeGaps(s.Postings, from, to)
		fresh += head
		gaps = append(gaps, g...)
	}
	slices.SortFunc(gaps, func(a, b float64) int { return cmp.Compare(b, a) })
	for _, g := range gaps[:min(max(fetches, 0), len(gaps))] {
		fresh += g
	}
	return fresh / (length * float64(len(srcs)))
}

// changeGaps returns, in seconds, the time from from to a page's first
// change in [from, to) (the whole period without one) and the gaps from
// each change to the next, or to to.
func changeGaps(changes []time.Time, from, to time.Time) (head float64, gaps []float64) {
	var in []time.Time
	for _, t := range changes {
		if !t.Before(from) && t.Before(to) {
			in = append(in, t)
		}
	}
	if len(in) == 0 {
		return to.Sub(from).Seconds(), nil
	}
	for i, t := range in {
		end := to
		if i+1 < len(in) {
			end = in[i+1]
		}
		gaps = append(gaps, end.Sub(t).Seconds())
	}
	return in[0].Sub(from).Seconds(), gaps
}
