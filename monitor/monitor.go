package monitor

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"vigil"
	"vigil/clock"
	"vigil/fetch"
	"vigil/plan"
	"vigil/store"
)

// Monitor fetches due feeds and stores what they bring.
type Monitor struct {
	st       Store
	client   *fetch.Client
	render   Renderer
	noRender error
	hosts    *fetch.HostLimiter
	planner  plan.Planner
	clk      clock.Clock
	cfg      Config
	log      *slog.Logger
	events   Events
	backoff  *Backoff
	coord    store.Coordinator // nil: this process alone
	hubs     HubFinder         // nil: no WebSub
	wake     chan struct{}
	spent    atomic.Bool // the budget refused the last fetch
	// overflow counts the workers started to replace workers held by
	// slow fetches (see workWatched).
	overflow atomic.Int64
	ledger   ledger    // fetches this process started in the budget window
	docs     *docCache // the latest extract of each page

	mu         sync.Mutex
	inflight   map[int64]string // claimed feeds and their hosts
	finished   []int64          // claimed feeds fetched, whose shared leases end with the next claim
	hostClaims map[string]int   // claims per host
	released   chan struct{}    // closed, and replaced, at each release
	heldBack   int              // due feeds the last dispatch left for busy hosts
	// storeFailures counts, per feed, the fetches in a row that came back
	// but could not be stored.
	storeFailures map[int64]int
	// verify holds the fed feeds' verification intervals from the last
	// re-plan (plan.SplitPlan), by feed ID.
	verify map[int64]time.Duration
}

// Deps are the monitor's collaborators.
type Deps struct {
	Store   Store
	Client  *fetch.Client
	Hosts   *fetch.HostLimiter
	Planner plan.Planner
	Clock   clock.Clock
	Logger  *slog.Logger // nil: slog.Default()
	Events  Events       // nil: no one hears
	// Coordinator shares the work with other processes; nil for none.
	Coordinator store.Coordinator
	// Hubs hears every feed fetched and parsed, to find its WebSub hubs;
	// nil for none.
	Hubs HubFinder
	// Renderer fetches the pages watched with Render through a browser;
	// nil when none is installed: such pages then fail, saying so.
	Renderer Renderer
	// NoRenderer is why there is no Renderer (render.ErrNoBrowser), told
	// as the fetch error of every page that needs one; nil says only that
	// no browser is configured.
	NoRenderer error
}

// New returns a monitor. It fails on an invalid configuration or a missing
// collaborator.
func New(d Deps, cfg Config) (*Monitor, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if d.Store == nil || d.Client == nil || d.Hosts == nil || d.Planner == nil || d.Clock == nil {
		return nil, errors.New("monitor: store, client, host limiter, planner and clock are all required")
	}
	cfg = cfg.withDefaults()
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	return &Monitor{
		st: d.Store, client: d.Client, render: d.Renderer, noRender: d.NoRenderer, hosts: d.Hosts, planner: d.Planner, clk: d.Clock, cfg: cfg, log: d.Logger, events: d.Events,
		backoff:  NewBackoff(cfg.BackoffBase, cfg.BackoffCap, cfg.BackoffJitter, cfg.Seed),
		coord:    d.Coordinator,
		hubs:     d.Hubs,
		wake:     make(chan struct{}, 1),
		inflight: map[int64]string{}, hostClaims: map[string]int{}, released: make(chan struct{}),
		storeFailures: map[int64]int{},
		docs:          newDocCache(int(cfg.ExtractCacheBytes)),
	}, nil
}

// Wake asks the loop to look for due feeds now, e.g. after a subscription.
func (m *Monitor) Wake() {
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// Result is what one fetch of one feed did.
type Result struct {
	FeedID   int64
	URL      string
	Status   int
	New      int
	Updated  int
	Err      string // the failure in words, "" on success
	MovedTo  string // new URL after a permanent redirect
	NextTime time.Time
}

// FetchFeed fetches one feed now (a watched page is stored as FetchPage stores it), stores the items and the observation in
// one transaction, applies a permanent redirect, and returns what happened.
// An error means nothing was stored: the context ended or the store failed.
func (m *Monitor) FetchFeed(ctx context.Context, f vigil.Feed) (Result, error) {
	page, err := m.pageOf(ctx, f)
	if err != nil {
		return Result{}, err
	}
	return m.fetchFeed(ctx, f, page, fetchKnown{})
}

// fetchKnown is what the caller of a fetch knows of its feed.
type fetchKnown struct {
	// claimed: the loop claimed (leased, with a Coordinator) the feed.
	claimed bool
	// unpushed: the feed was read, a few fetches before, without a WebSub
	// subscription, so the fetch does not look for one again. One made in
	// that moment counts from the feed's next fetch on.
	unpushed bool
	// left counts the feeds of the pass the fetch is part of (nil: none),
	// whose shared lease on the host is kept while more are left there.
	left *hostsLeft
}

// fetchFeed is FetchFeed of a feed whose watched page (nil for a feed) was
// read already. For a feed the loop claimed (known.claimed), once its
// host is free the lease is renewed, and if it was lost meanwhile the
// fetch does not happen (errLeaseLost).
func (m *Monitor) fetchFeed(ctx context.Context, f vigil.Feed, page *vigil.Page, known fetchKnown) (Result, error) {
	release, err := m.hosts.Acquire(ctx, f.URL)
	if err != nil {
		return Result{}, fmt.Errorf("monitor: waiting for host of %s: %w", fetch.RedactURL(f.URL), err)
	}
	var lease int64 // the claimed feed whose lease to renew with its host
	if known.claimed {
		lease = f.ID
	}
	releaseShared, err := m.acquireSharedHost(ctx, f.URL, lease, known.left)
	if err != nil {
		release()
		return Result{}, err
	}
	at := m.clk.Now()
	resp, ferr := m.get(ctx, f, page)
	releaseShared()
	release()
	if ctx.Err() != nil {
		return Result{}, ctx.Err() // shutting down: the feed stays due and is fetched after restart
	}
	if page != nil {
		return m.storePage(ctx, f, page, classifyPage(resp, ferr), at)
	}
	o := classify(resp, ferr)
	if m.notAFeed(f, o) {
		return m.watchAsPage(ctx, f, resp, at)
	}
	var movedTo string
	if o.verdict == fetched || o.verdict == notModified {
		var into int64
		movedTo, into = m.follow(ctx, f, o.resp.PermanentURL, at)
		if into != f.ID {
			return m.mergedFetch(ctx, f, o, into, movedTo, at)
		}
		f.URL = cmp.Or(movedTo, f.URL)
	}
	obs := o.observation(f.ID, at)
	var push *vigil.Push
	if !known.unpushed {
		push = m.pushOf(ctx, f.ID)
	}
	var missed int
	// The fetch came back: store it even if a shutdown starts meanwhile.
	ing, saved, err := m.storeFetch(context.WithoutCancel(ctx), f, o, obs, at, func(in vigil.Ingested) bool {
		missed = m.missedPushes(push, in.New, at)
		return push.Fed(at) && missed == 0
	})
	if err != nil {
		return Result{}, fmt.Errorf("monitor: storing fetch of %s: %w", fetch.RedactURL(f.URL), err)
	}
	m.afterPull(ctx, f, o, push, missed, at)
	if m.events != nil {
		obs.NewItems, obs.Updated = len(ing.New), len(ing.Updated)
		m.events.Fetched(obs, o.verdict.String())
	}
	res := Result{FeedID: f.ID, URL: f.URL, New: len(ing.New), Updated: len(ing.Updated), Err: o.err, NextTime: saved.NextFetch, MovedTo: movedTo}
	if o.resp != nil {
		res.Status = o.resp.Status
	}
	m.log.Debug("fetched", "feed", f.ID, "url", fetch.RedactURL(f.URL), "status", res.Status, "new", res.New, "error", res.Err, "next", res.NextTime)
	return res, nil
}

// storeFetch stores a feed's fetch with the state it leads to, and
// returns what was stored and that state. A fetch without items (a 304, a
// failure) is recorded (RecordFetch: one statement on PostgreSQL); one with
// items is ingested, compared with the stored items. Either way the next
// state builds on f, the feed as read before the fetch, and on fed: whether
// a WebSub hub still feeds the source once what was stored is known.
func (m *Monitor) storeFetch(ctx context.Context, f vigil.Feed, o outcome, obs vigil.Observation, at time.Time, fed func(vigil.Ingested) bool) (vigil.Ingested, *vigil.Feed, error) {
	items := o.items()
	if len(items) == 0 {
		nf, err := m.nextState(f, o, obs, vigil.Ingested{}, at, fed(vigil.Ingested{}))
		if err != nil {
			return vigil.Ingested{}, nil, err
		}
		return vigil.Ingested{}, nf, m.st.RecordFetch(ctx, obs, nf)
	}
	var saved *vigil.Feed
	ing, err := m.st.Ingest(ctx, vigil.Fetched{FeedID: f.ID, Observation: obs, Items: items},
		func(in vigil.Ingested, _ *vigil.Feed) (*vigil.Feed, error) {
			nf, err := m.nextState(f, o, obs, in, at, fed(in))
			saved = nf
			return nf, err
		})
	return ing, saved, err
}

// follow records a permanent redirect that led to a good answer and
// returns the new URL (normalised like every feed URL), or "", and the ID
// of the feed that has it now (f's own, or another feed's f was merged
// into).
func (m *Monitor) follow(ctx context.Context, f vigil.Feed, to string, now time.Time) (string, int64) {
	if to == "" {
		return "", f.ID
	}
	to, err := vigil.NormalizeFeedURL(to)
	if err != nil || to == f.URL {
		return "", f.ID
	}
	id, err := m.st.MoveFeed(context.WithoutCancel(ctx), f.ID, to, now)
	if err != nil {
		m.log.Error("recording permanent redirect", "feed", f.ID, "from", fetch.RedactURL(f.URL), "to", fetch.RedactURL(to), "error", err)
		return "", f.ID
	}
	m.log.Info("feed moved permanently", "feed", f.ID, "from", fetch.RedactURL(f.URL), "to", fetch.RedactURL(to), "into", id)
	return to, id
}

// mergedFetch ends a fetch whose permanent redirect merged the feed f into
// the feed into, which already had the new URL: the fetch is recorded for
// f, without its items, and into is made due now, to be fetched under its
// own claim (another worker may hold it) by the next pass or loop. Its new
// items then alert everyone who follows it now, the movers with their
// rules among them, as news of a feed fetched before; f's row, which no
// one follows any more, takes no copy of them.
func (m *Monitor) mergedFetch(ctx context.Context, f vigil.Feed, o outcome, into int64, movedTo string, at time.Time) (Result, error) {
	ctx = context.WithoutCancel(ctx)
	obs := o.observation(f.ID, at)
	m.succeed(&f, o, at)
	f.LastFetch, f.NextFetch = at, at.Add(m.cfg.BackoffCap) // followed by no one: never due
	if err := m.st.RecordFetch(ctx, obs, &f); err != nil {
		return Result{}, fmt.Errorf("monitor: storing the fetch of %s that moved it: %w", fetch.RedactURL(f.URL), err)
	}
	if err := m.st.SetNextFetch(ctx, into, at); err != nil {
		m.log.Error("making the feed a moved feed was merged into due", "feed", f.ID, "into", into, "error", err)
	}
	return Result{FeedID: f.ID, URL: f.URL, Status: o.resp.Status, MovedTo: movedTo, NextTime: at}, nil
}

// pageOf returns the watched page behind a feed row, or nil when it is a
// feed.
func (m *Monitor) pageOf(ctx context.Context, f vigil.Feed) (*vigil.Page, error) {
	p, err := m.st.Page(ctx, f.ID)
	switch {
	case err == nil:
		return p, nil
	case vigil.ErrorCode(err) == vigil.ENOTFOUND:
		return nil, nil
	default:
		return nil, fmt.Errorf("monitor: looking up whether %s is a page: %w", fetch.RedactURL(f.URL), err)
	}
}
