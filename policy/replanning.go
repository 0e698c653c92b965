package policy

import (
	"time"

	"vigil"
	"vigil/plan"
)

// replanning is one re-plan of every followed feed (Live.ReplanPaged),
// given the feeds a page at a time. Under accrued with no feed fed by a
// WebSub hub it is streamed: it keeps a few sums a feed (accruedSums),
// calibrates θ from them, and works out each rescheduled feed's next fetch
// when the feeds are read again; any other re-plan keeps one Source a
// feed, planned together as ReplanFed always did.
type replanning struct {
	l      *Live
	fed    map[int64]bool
	v      plan.Verification
	access map[int64][]float64
	checks map[int64]*AccessCheck
	now    time.Time
	fresh  freshModels
	// n counts the followed feeds added.
	n int
	// due counts the added feeds the plan reschedules (reschedulable).
	due int

	// acc is the policy of a streamed re-plan (nil otherwise), with whose
	// bounds and tracking the sums of each page are taken (streamed, each
	// page's of its size, so that no list grows by copies); scratch is
	// the one Source they are taken from, feed after feed.
	acc      *accrued
	streamed []*accruedSums
	scratch  Source

	// srcs, of a re-plan that is not streamed, are the followed feeds'
	// sources, and pending those of srcs the plan reschedules; next is,
	// once planned, the next fetch of each of them by feed ID.
	srcs    []*Source
	pending []pendingFeed
	next    map[int64]plannedFetch

	// p is the policy planned.
	p Policy
}

// pendingFeed is a source the plan reschedules: its index in srcs and
// the feed's next fetch when it was read.
type pendingFeed struct {
	i    int
	from time.Time
}

// plannedFetch is a planned feed's next fetch, and the feed's next fetch
// when it was read: the plan holds only while it is still that.
type plannedFetch struct {
	at, from time.Time
}

// startReplan begins a re-plan at now; it is streamed when stream is set.
func (l *Live) startReplan(fed map[int64]bool, v plan.Verification, readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time, stream bool) *replanning {
	r := &replanning{l: l, fed: fed, v: v, access: l.cfg.Access.FeedAccess(readers, accesses, now), now: now}
	if !stream {
		r.checks = l.cfg.Access.FeedChecks(readers, accesses, now) // nil unless the user policy holds accesses back
	}
	if stream {
		l.mu.Lock()
		r.acc = l.policy.(*accrued)
		l.mu.Unlock()
	}
	return r
}

// streams tells whether a re-plan around the fed feeds can be streamed:
// under accrued (not its page rule, which plans pages from their sources)
// with no feed fed.
func (l *Live) streams(fed map[int64]bool) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	a, ok := l.policy.(*accrued)
	return ok && !a.pageFresh && len(fed) == 0
}

// reschedulable tells whether a re-plan gives f its next fetch: a feed
// fetched successfully and not failing; the others keep their own
// schedule (due now, or backing off).
func reschedulable(f *vigil.Feed) bool {
	return !f.LastSuccess.IsZero() && f.Failures == 0
}

// add takes in a page of feeds; those nobody follows are left out.
func (r *replanning) add(feeds []vigil.Feed) {
	if r.acc != nil {
		r.addSums(feeds)
		return
	}
	r.addSources(feeds)
}

// addSums keeps what accrued's plan reads of each followed feed.
func (r *replanning) addSums(feeds []vigil.Feed) {
	sums := newAccruedSums(followed(feeds))
	for i := range feeds {
		f := &feeds[i]
		if f.Subscribers == 0 {
			continue
		}
		r.scratch = r.source(f)
		sums.add(r.acc, &r.scratch)
		r.n++
		if reschedulable(f) {
			r.due++
		}
	}
	r.streamed = append(r.streamed, sums)
}

// followed counts the feeds somebody follows.
func followed(feeds []vigil.Feed) int {
	n := 0
	for i := range feeds {
		if feeds[i].Subscribers > 0 {
			n++
		}
	}
	return n
}

// addSources keeps a Source of each followed feed, the page's in one
// allocation.
func (r *replanning) addSources(feeds []vigil.Feed) {
	page := make([]Source, 0, followed(feeds))
	for i := range feeds {
		f := &feeds[i]
		if f.Subscribers == 0 {
			continue
		}
		page = append(page, r.source(f))
		if reschedulable(f) {
			r.pending = append(r.pending, pendingFeed{i: len(r.srcs), from: f.NextFetch})
			r.due++
		}
		r.srcs = append(r.srcs, &page[len(page)-1])
		r.n++
	}
}

// source is the followed feed's Source for the plan.
func (r *replanning) source(f *vigil.Feed) Source {
	s := r.l.planSource(f, &r.fresh)
	s.Access = r.access[f.ID]
	s.Check = r.checks[f.ID]
	return s
}

// plan plans the feeds added (a new budget first, when it is set per
// followed feed) and returns the fed feeds' verification intervals and
// the budget left for the others; Next is nil (see nextOf).
func (r *replanning) plan() (plan.Replanned, error) {
	l := r.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.perFeed > 0 && r.n > 0 {
		l.cfg.PerDay = l.perFeed * float64(r.n)
		p, err := New(l.name, l.cfg)
		if err != nil {
			return plan.Replanned{}, err
		}
		l.policy = p
	}
	r.p = l.policy
	if r.acc != nil {
		return r.planStreamed()
	}
	return r.planSources()
}

// planStreamed calibrates accrued from the sums alone, as PlanAroundPush
// plans when no feed is fed.
func (r *replanning) planStreamed() (plan.Replanned, error) {
	a := r.p.(*accrued)
	if err := Rebudget(a, r.l.cfg.PerDay); err != nil {
		return plan.Replanned{}, err
	}
	sums := joinSums(r.streamed)
	r.streamed = nil
	if err := a.planSums(sums, nil); err != nil {
		return plan.Replanned{}, err
	}
	return plan.Replanned{Left: r.l.cfg.PerDay}, nil
}

// planSources plans the sources around the fed ones and keeps the next
// fetch of each feed the plan reschedules, then lets go of the sources.
func (r *replanning) planSources() (plan.Replanned, error) {
	split, err := PlanAroundPush(r.p, r.srcs, func(s *Source) bool { return r.fed[s.ID] }, r.l.cfg.PerDay, r.v, r.now)
	if err != nil {
		return plan.Replanned{}, err
	}
	out := plan.Replanned{Left: split.Left}
	if len(split.Verify) > 0 {
		out.Verify = make(map[int64]time.Duration, len(split.Verify))
		for i, every := range split.Verify {
			out.Verify[r.srcs[i].ID] = every
		}
	}
	r.next = make(map[int64]plannedFetch, len(r.pending))
	for _, pf := range r.pending {
		s := r.srcs[pf.i]
		var at time.Time
		if every, isFed := split.Verify[pf.i]; isFed {
			at = s.after(every, r.now)
		} else {
			at = r.p.Next(s, r.now)
		}
		r.next[s.ID] = plannedFetch{at: at, from: pf.from}
	}
	r.srcs, r.pending = nil, nil
	return out, nil
}

// nextOf returns the planned next fetch of f, read again after the plan,
// and whether the plan reschedules it. Streamed, it is worked out now from
// f as read (θ is the plan's); otherwise it is the plan's own, as long as
// f's next fetch is still the one the plan read.
func (r *replanning) nextOf(f *vigil.Feed) (time.Time, bool) {
	if f.Subscribers == 0 || !reschedulable(f) {
		return time.Time{}, false
	}
	if r.acc == nil {
		pf, ok := r.next[f.ID]
		if !ok || !pf.from.Equal(f.NextFetch) {
			return time.Time{}, false
		}
		return pf.at, true
	}
	r.scratch = r.source(f)
	r.l.mu.Lock()
	defer r.l.mu.Unlock()
	return r.p.Next(&r.scratch, r.now), true
}
