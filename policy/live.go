package policy

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"vigil"
	"vigil/plan"
)

// Live adapts a Policy to the live monitor (it is a plan.Planner): each
// feed's Models are kept serialised in vigil.Feed.Model, and Replan plans
// all feeds at once. It is safe for concurrent use.
type Live struct {
	mu     sync.Mutex
	name   string // fixed: Replan may rebuild policy, never rename it
	policy Policy
	cfg    Config
	alpha  float64
	// perFeed, when positive, sets the budget to this many fetches per day
	// per followed feed at every Replan (when no absolute budget is set).
	perFeed float64
	// novel holds the feeds' novel rates per hour (SetNovelRates).
	novel map[int64]float64
	// decoded holds models Observe encoded, for the Next that follows.
	decoded map[int64]decoded
}

// NewLive returns the named policy for the live monitor. With perDay > 0 it
// plans that many fetches per day; with perDay = 0 it plans
// defaultPerFeed fetches per day per followed feed, re-read at each Replan.
func NewLive(name string, cfg Config, alpha, perDay, defaultPerFeed float64) (*Live, error) {
	l := &Live{cfg: cfg, alpha: alpha}
	if perDay > 0 {
		l.cfg.PerDay = perDay
	} else {
		l.perFeed = defaultPerFeed
		l.cfg.PerDay = defaultPerFeed
	}
	p, err := New(name, l.cfg)
	if err != nil {
		return nil, err
	}
	if !live(p) {
		return nil, fmt.Errorf("policy: %s runs in the simulator only; the live monitor runs %s", name, strings.Join(LiveNames(), ", "))
	}
	l.policy, l.name = p, name
	return l, nil
}

// LiveNames lists the policies the live monitor can run: all but the
// Selectors, which pick sources slot by slot. content plans by the novel
// rates the live profiler learns (SetNovelRates).
func LiveNames() []string {
	var out []string
	for _, n := range Names() {
		if p, _ := New(n, DefaultConfig.withBudget(1)); p != nil && live(p) {
			out = append(out, n)
		}
	}
	return out
}

// live tells whether the live monitor can run p.
func live(p Policy) bool {
	_, sel := p.(Selector)
	return !sel
}

// Name returns the policy's name.
func (l *Live) Name() string { return l.name }

// Observe updates the feed's models with a successful fetch; items are the
// items new in it.
func (l *Live) Observe(f *vigil.Feed, o vigil.Observation, items []vigil.Item) error {
	m := l.models(f)
	dates := make([]time.Time, len(items))
	for i, it := range items {
		dates[i] = it.Published
	}
	m.ObserveShown(o.At, o.NewItems, o.Items, dates)
	b, err := m.Marshal()
	if err != nil {
		return fmt.Errorf("policy: unable to encode models of feed %d: %w", f.ID, err)
	}
	f.Model, f.Rate = b, m.RatePerDay()/24
	l.mu.Lock()
	l.keepDecoded(f.ID, b, m)
	l.mu.Unlock()
	return nil
}

// Next returns the policy's next fetch of f after now.
func (l *Live) Next(f *vigil.Feed, now time.Time) time.Time {
	s := l.source(f)
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.policy.Next(s, now)
}

// Replan plans every feed at now, with the access patterns learned from
// readers' accesses, and returns the next fetch time the plan gives each
// feed that has been fetched successfully and is not failing; the others
// keep their own schedule (due now, or backing off). No feed is fed by a
// WebSub hub; ReplanFed plans around those that are.
func (l *Live) Replan(feeds []vigil.Feed, readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time) (map[int64]time.Time, error) {
	r, err := l.ReplanFed(feeds, nil, plan.Verification{}, readers, accesses, now)
	return r.Next, err
}

// ReplanFed is Replan for feeds of which those in fed are fed by their
// WebSub hubs: by plan.SplitPlan's rule (PlanAroundPush) their
// verification polls, every v.Interval of the interval the plan would
// give them unfed, come out of the budget first and the others share
// what is left.
func (l *Live) ReplanFed(feeds []vigil.Feed, fed map[int64]bool, v plan.Verification, readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time) (plan.Replanned, error) {
	next := make(map[int64]time.Time) // only fetched feeds: not sized for all
	read := func(page func([]vigil.Feed)) error {
		page(feeds)
		return nil
	}
	out, err := l.ReplanPaged(read, fed, v, readers, accesses, now, func(f *vigil.Feed, at time.Time) { next[f.ID] = at })
	if err != nil {
		return plan.Replanned{}, err
	}
	out.Next = next
	return out, nil
}

// ReplanPaged is ReplanFed over the feeds read hands over a page at a
// time (every feed once a call, nobody's feeds left out or not), holding
// per feed only what the plan needs of it, not the pages: under accrued
// with no feed fed a few numbers a feed (docs/performance.md). Once the
// plan is made it calls read again, unless no feed read was fetched
// successfully and not failing (a first refresh), and hands each such
// feed with its next fetch to reschedule, one at a time, instead of
// returning them: the Replanned it returns has no Next. A feed the plan
// read whose next fetch has changed when it is read again is not handed
// over, unless the plan was streamed: then its next fetch is worked out
// from it as read again.
func (l *Live) ReplanPaged(read func(page func(feeds []vigil.Feed)) error, fed map[int64]bool, v plan.Verification, readers []vigil.Reader, accesses map[int64][]time.Time, now time.Time, reschedule func(f *vigil.Feed, next time.Time)) (plan.Replanned, error) {
	r := l.startReplan(fed, v, readers, accesses, now, l.streams(fed))
	if err := read(r.add); err != nil {
		return plan.Replanned{}, err
	}
	out, err := r.plan()
	if err != nil || r.due == 0 {
		return out, err
	}
	err = read(func(feeds []vigil.Feed) {
		for i := range feeds {
			if at, ok := r.nextOf(&feeds[i]); ok {
				reschedule(&feeds[i], at)
			}
		}
	})
	return out, err
}

// source views a feed as a policy Source.
// The feed's novel rate, when the profiler gave one, is in its models.
func (l *Live) source(f *vigil.Feed) *Source {
	m := l.models(f)
	if r, ok := l.novelRate(f.ID); ok {
		m.adoptNovelRate(r)
	}
	return &Source{ID: f.ID, Weight: f.Weight, Hints: f.Hints, Window: f.Window, Models: m, Last: f.LastSuccess}
}

// planSource is source for Replan: a feed never fetched, with no stored
// model and no novel rate, gets the fresh models it would get alone, shared
// with the feeds before it that were subscribed at the same instant (an
// import, a first refresh), since the policies' Plan only reads models.
// Each fresh set is about 2 KB (a weekly model alone is 168 rates), which a
// re-plan would otherwise hold for every new feed at once.
func (l *Live) planSource(f *vigil.Feed, fresh *freshModels) Source {
	if len(f.Model) > 0 {
		return *l.source(f)
	}
	if _, ok := l.novelRate(f.ID); ok {
		return *l.source(f)
	}
	return Source{ID: f.ID, Weight: f.Weight, Hints: f.Hints, Window: f.Window, Models: fresh.get(l.alpha, f.CreatedAt), Last: f.LastSuccess}
}

// freshModels holds the last fresh models planSource made, for the next
// feed subscribed at the same instant.
type freshModels struct {
	at time.Time
	m  *Models
}

// get returns fresh models of a feed added at added: the last ones if they
// were made for the same instant, else new ones.
func (fm *freshModels) get(alpha float64, added time.Time) *Models {
	if fm.m == nil || !fm.at.Equal(added) {
		fm.at, fm.m = added, NewModels(alpha, added)
	}
	return fm.m
}

// models decodes the feed's models, or starts new ones (for a new feed, or
// one whose stored model came from an older planner).
func (l *Live) models(f *vigil.Feed) *Models {
	l.mu.Lock()
	m, ok := l.takeDecoded(f.ID, f.Model)
	l.mu.Unlock()
	if ok {
		return m
	}
	if len(f.Model) > 0 {
		if m, err := UnmarshalModels(f.Model); err == nil {
			return m
		}
	}
	return NewModels(l.alpha, f.CreatedAt)
}
