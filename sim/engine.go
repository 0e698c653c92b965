package sim

import (
	"fmt"
	"slices"
	"time"

	"vigil/plan"
	"vigil/policy"
)

// engine replays one policy over the tracks on a virtual clock.
type engine struct {
	cfg     resolved
	tracks  []track
	pol     policy.Policy
	sel     policy.Selector // pol when it picks sources slot by slot
	credit  float64         // a Selector's fetches earned but not yet spent
	started bool            // a Selector's sources have had their first fetch
	srcs    []*policy.Source
	seen    []int  // postings at or before each source's last fetch
	owed    []bool // a fetch deferred by the budget, kept through re-plans
	// verify is each pushed source's verification interval from the last
	// plan (plan.SplitPlan), 0 for the others.
	verify   []time.Duration
	queue    *fetchQueue
	access   *accessLog
	div      divergence
	budget   *budget
	deferred int
	novelty  *novelty // channel profiles for content policies and refinement
	quality  *quality // profile quality, when the sources have terms
	// pages estimates change-only rates, when the sources are pages.
	pages *pageRates
	// truth is every source's true postings per UTC hour of the day over
	// the evaluated period, when Config.RateOracle plans by them.
	truth [][24]float64
}

// simulate runs the configured policy and fills each track's fetches.
func simulate(cfg resolved, tracks []track, access *accessLog) (*engine, error) {
	e := &engine{cfg: cfg, tracks: tracks, access: access}
	if access != nil {
		access.model = cfg.PolicyConfig.Access
		access.model.PerReader = access.model.PerReader || cfg.ReadersAlike
		access.oracle = cfg.AccessOracle
	}
	if cfg.Pages {
		e.pages = newPageRates(len(tracks))
	}
	if cfg.RateOracle {
		e.truth = trueShapes(cfg, tracks)
	}
	if err := e.content(); err != nil {
		return nil, err
	}
	var pol policy.Policy
	var err error
	switch {
	case isOracle(cfg.Policy):
		pol, err = newOracle(e.cfg, tracks)
	case slices.Contains(Hybrids(), cfg.Policy):
		pol, err = newHybrid(e.cfg, tracks)
	default:
		pol, err = policy.New(cfg.Policy, e.cfg.PolicyConfig)
	}
	if err != nil {
		return nil, fmt.Errorf("sim: %w (or %q)", err, Clairvoyant)
	}
	e.pol = pol
	if _, ok := pol.(policy.Selector); e.cfg.Refine && !ok {
		return nil, fmt.Errorf("sim: refinement (Roitman et al. Eq. 10) ranks the selecting policies' channels; %s does not select", cfg.Policy)
	}
	e.budget = newBudget(cfg.perDay, cfg.Burst.Hours()/24, cfg.Start.Unix(), cfg.evalStart.Unix(), cfg.End.Unix())
	e.srcs = make([]*policy.Source, len(tracks))
	for i := range tracks {
		e.srcs[i] = &policy.Source{ID: int64(i + 1), Weight: tracks[i].weight, Models: policy.NewModels(cfg.Alpha, cfg.Start)}
	}
	e.seen = make([]int, len(tracks))
	e.owed = make([]bool, len(tracks))
	e.verify = make([]time.Duration, len(tracks))
	first := cfg.Start.Unix()
	if sel, ok := pol.(policy.Selector); ok {
		e.sel, first = sel, cfg.End.Unix() // fetched by slot, never by queue
	}
	e.queue = newFetchQueue(len(tracks), first)
	e.div = newDivergence(len(tracks))
	return e, e.loop()
}

// content sets up channel profiles: for the content policies and
// refinement, which need the postings' terms, and for profile quality
// whenever the sources have them.
func (e *engine) content() error {
	terms := len(e.tracks) > 0 && e.tracks[0].terms != nil
	if policy.Content(e.cfg.Policy) || e.cfg.Refine {
		if !terms {
			return fmt.Errorf("sim: policy %s (or refinement) needs the postings' text: a trace with titles", e.cfg.Policy)
		}
		nv, err := newNovelty(len(e.tracks), e.cfg)
		if err != nil {
			return err
		}
		e.novelty = nv
		if e.cfg.Refine {
			e.cfg.PolicyConfig.Refine = nv.refine
		}
	}
	if terms && !e.cfg.NoQuality {
		e.quality = newQuality(e.tracks, e.cfg.ProfileWindow)
	}
	return nil
}

// loop processes, in time order, re-plans, divergence samples, quality
// samples, a Selector's slots and fetches; at one instant in that order.
func (e *engine) loop() error {
	end := e.cfg.End.Unix()
	nextPlan := e.cfg.Start.Unix()
	planEvery := int64(e.cfg.PlanEvery / time.Second)
	nextSample := e.cfg.evalStart.Unix()
	nextQuality, every, turn := end, max(int64(e.cfg.QualityEvery/time.Second)/qualityTurns, 1), 0
	if e.quality != nil {
		nextQuality = e.cfg.evalStart.Unix()
	}
	nextSlot, slot := end, int64(0)
	if e.sel != nil {
		nextSlot, slot = e.cfg.Start.Unix(), max(int64(e.sel.Slot()/time.Second), 1)
	}
	if e.cfg.NoDivergence {
		nextSample = end
	}
	for {
		i, due := e.queue.top()
		next := min(nextPlan, nextSample, nextQuality, nextSlot, due)
		switch {
		case next >= end:
			return nil
		case nextPlan == next:
			if e.cfg.Progress != nil {
				e.cfg.Progress(time.Duration(nextPlan-e.cfg.Start.Unix())*time.Second, e.cfg.End.Sub(e.cfg.Start))
			}
			if err := e.plan(nextPlan); err != nil {
				return err
			}
			nextPlan += max(planEvery, 1)
		case nextSample == next:
			e.div.sample(e, nextSample)
			nextSample += 3600
		case nextQuality == next:
			e.quality.sample(e.tracks, nextQuality, turn)
			nextQuality, turn = nextQuality+every, turn+1
		case nextSlot == next:
			e.slot(nextSlot, slot)
			nextSlot += slot
		default:
			e.fetch(i, due)
		}
	}
}

// plan re-plans every source at now, as the live monitor's Replan does:
// around the pushed sources (policy.PlanAroundPush), their verification
// polls out of the budget first. It reschedules the sources fetched
// before, except those owed a deferred fetch (re-planning must not let a
// source starve behind the daily cap); a pushed one to its verification
// interval after its last poll, as the live re-plan does.
func (e *engine) plan(now int64) error {
	at := unix(now)
	if e.access != nil {
		for id, hourly := range e.access.feedAccess(at) {
			e.srcs[id-1].Access = hourly
		}
		checks := e.access.feedChecks(at)
		for i, s := range e.srcs {
			s.Check = checks[int64(i+1)] // nil when none: as the live re-plan's fresh sources
		}
	}
	if e.novelty != nil {
		e.novelty.sample()
	}
	pushed := func(s *policy.Source) bool { return e.tracks[s.ID-1].pushed }
	split, err := policy.PlanAroundPush(e.pol, e.planned(), pushed, e.cfg.perDay, e.cfg.verification(), at)
	if err != nil {
		return fmt.Errorf("sim: planning at %v: %w", at, err)
	}
	for i, every := range split.Verify {
		e.verify[i] = every
	}
	for i, s := range e.srcs {
		switch {
		case e.sel != nil || s.Last.IsZero() || e.owed[i]:
		case e.tracks[i].pushed:
			e.queue.set(i, max(s.Last.Add(e.verify[i]).Unix(), now+1))
		default:
			e.queue.set(i, e.next(s, at))
		}
	}
	e.queue.rebuild()
	return nil
}

// next asks the policy for s's next fetch, at least a second after now; a
// pushed source's is its next verification poll (plan.PushNext).
func (e *engine) next(s *policy.Source, at time.Time) int64 {
	t := plan.PushNext(e.pol.Next(s, at), at, e.tracks[s.ID-1].pushed, e.verify[s.ID-1])
	return max(t.Unix(), at.Unix()+1)
}

// fetch fetches source i at t, or defers it when the budget has no token
// for it: to the instant the budget promises it (see budget). A deferred
// fetch is owed: re-plans do not move it, and it goes without asking the
// budget again. A source's first fetch, at the start of the run, is free:
// it is the fetch that subscribes to it, the same for every policy, and
// charged to the budget it would leave a policy that plans exactly its
// budget a backlog of a whole day it could never work off.
func (e *engine) fetch(i int, t int64) {
	if !e.owed[i] && !e.srcs[i].Last.IsZero() {
		if at := e.budget.admit(t); at > t {
			e.deferred++
			e.owed[i] = true
			e.queue.postpone(at)
			return
		}
	}
	e.owed[i] = false
	e.collect(i, t)
	e.queue.reschedule(e.next(e.srcs[i], unix(t)))
}

// slot lets the Selector pick the sources to fetch at t: as many as the
// budget earned over the slot, the fractions carried over. The selection
// spends exactly the budget, so the token bucket is not asked. At the first
// slot every source is fetched once, free, as every other policy's first
// fetches are.
func (e *engine) slot(t, seconds int64) {
	if !e.started { // every source's first fetch is free, as in fetch
		for i := range e.srcs {
			e.collect(i, t)
		}
		e.started = true
	}
	e.credit += e.cfg.perDay * float64(seconds) / 86400
	m := int(e.credit)
	e.credit -= float64(m)
	m -= e.verifyPushed(t, m)
	idx := e.unfed()
	for _, k := range e.sel.Select(e.unfedSources(idx), unix(t), m) {
		e.collect(idx[k], t)
	}
}

// collect fetches source i at t: what the window shows since the last
// fetch is captured and handed to the models.
func (e *engine) collect(i int, t int64) {
	tr, s := &e.tracks[i], e.srcs[i]
	k := tr.countUpTo(e.seen[i], t)
	lo := tr.shown(k)
	from := max(e.seen[i], lo)
	s.Window = max(s.Window, k-lo)
	at := unix(t)
	s.Models.ObserveShown(at, k-from, k-lo, e.dates(tr, from, k))
	if e.pages != nil {
		e.pages.observe(i, s, at, k > from)
	}
	if e.novelty != nil {
		e.novelty.fold(i, s, tr.terms[from:k], at)
	}
	if e.quality != nil {
		e.quality.captured(i, from, k)
	}
	e.seen[i], s.Last = k, at
	tr.fetches = append(tr.fetches, t)
}

// dates are the captured postings' times handed to the models, or, for a
// source without dates (Config.NoDates, Config.DatelessShare), as many zero
// times: what the live monitor hands the models for a feed whose items
// carry no date, so that both learn through the same path
// (policy.Models.Observe). On a source's first fetch the whole window is
// captured, as the live monitor sees every item of a new feed as new; the
// models only start from it.
func (e *engine) dates(tr *track, from, k int) []time.Time {
	out := make([]time.Time, k-from)
	if e.cfg.NoDates || tr.dateless {
		return out
	}
	for j := range out {
		out[j] = unix(tr.posts[from+j])
	}
	return out
}
