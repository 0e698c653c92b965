package main

import (
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"vigil/change"

	"vigil/clock"
	"vigil/fetch"
	"vigil/monitor"
	"vigil/plan"
	"vigil/policy"
	"vigil/render"
	"vigil/store"
	"vigil/store/postgres"
)

// monitorOpts are the flags of the commands that fetch.
type monitorOpts struct {
	zone         *string
	allowPrivate *bool
	budget       *int
	workers      *int
	perHost      *int
	hostGap      *time.Duration
	minInterval  *time.Duration
	maxInterval  *time.Duration
	alpha        *float64
	timeout      *time.Duration
	headTimeout  *time.Duration
	maxBody      *int64
	policy       *string
	lease        *time.Duration
	noTracking   *bool
	accessPrior  *float64
	levelPrior   *float64
	shapePool    *bool
	placedAlloc  *bool
	pushVerify   *time.Duration
	pushMultiple *float64
	extractCache *int64
	renderers    *int
	browser      *string
	shared       *postgres.Coordinator // made once by coordinator
	unlock       func() error          // ends the embedded store's fetch lock (coordinator)
	flags        *flags                // the command's, to tell a flag given from its default
	// unlocked: the monitor fetches no pass (serve --no-monitor, which
	// only serves the web's checks, or vigil fetch of one feed, a check
	// now) and takes no fetch lock on the embedded store.
	unlocked       bool
	accessHeldBack *time.Duration
	accessUnread   *float64
	// pass: the monitor only runs fetch passes (vigil fetch), whose
	// coordination goes through the store's connections.
	pass bool
	pool *render.Pool // made by renderer, closed by close
	// hubs hears the fetched feeds, to subscribe them to their WebSub
	// hubs; nil for none (only serve sets it).
	hubs monitor.HubFinder
}

// addMonitorFlags declares the fetching flags on f.
func addMonitorFlags(f *flags) *monitorOpts {
	return &monitorOpts{
		flags:        f,
		zone:         f.bindString("zone", "time `zone` of the pages' days, weeks and months (reference versions, digests), e.g. Europe/Paris"),
		allowPrivate: f.bindBool("allow-private", ""),
		budget:       f.bindInt("budget", ""),
		workers:      f.bindInt("workers", ""),
		perHost:      f.Int("per-host", 1, "concurrent requests to one host"),
		hostGap:      f.bindDuration("host-gap", ""),
		minInterval:  f.Duration("min-interval", plan.DefaultBounds.Min, "shortest time between fetches of a feed"),
		maxInterval:  f.Duration("max-interval", plan.DefaultBounds.Max, "longest time between fetches of a healthy feed"),
		alpha:        f.Float64("alpha", 0.1, "smoothing constant of the learned rate and daily and weekly patterns (Horincar et al. §4.1-4.2), in (0, 1]"),
		timeout:      f.Duration("timeout", 30*time.Second, "time limit of one fetch"),
		headTimeout:  f.Duration("header-timeout", fetch.DefaultHeaderTimeout, "time limit for a server's first answer (its headers), shorter than --timeout"),
		maxBody:      f.Int64("max-body", 10<<20, "largest feed body in bytes, after decompression"),
		extractCache: f.Int64("extract-cache", monitor.DefaultExtractCacheBytes, "bytes of the pages' latest extracts kept in memory between fetches (0: none)"),
		policy: f.bindString("policy",
			"refresh `policy`: "+strings.Join(policy.LiveNames(), ", ")+", or simple (fetch when one new item is expected)"),
		lease: f.Duration("lease", postgres.DefaultLease, "on PostgreSQL, how long a worker's claim on a feed, a host or an alert message lasts if it dies"),
		noTracking: f.bindBool("no-tracking",
			"accrued: plan by the learned models alone, without tracking each feed's recent level and dated daily shape or bounding a silent feed's wait"),
		accessPrior:    f.bindFloat("access-prior", ""),
		accessHeldBack: f.bindDuration("access-held-back", ""),
		accessUnread:   f.bindFloat("access-unread", ""),
		levelPrior:     f.bindFloat("level-prior", ""),
		shapePool:      f.bindBool("shape-pool", ""),
		placedAlloc:    f.bindBool("placed-allocation", ""),
		pushVerify:     f.bindDuration("push-verify", ""), pushMultiple: f.bindFloat("push-verify-multiple", ""),
		renderers: f.Int("render-workers", 2, "pages rendered in the browser at once (pages watched with --render)"),
		browser:   f.String("browser", "", "the browser that renders pages watched with --render, a `path` or command (default: chromium)"),
	}
}

// check reports the first flag value that makes no sense.
func (o *monitorOpts) check() error {
	switch {
	case *o.workers < 1:
		return usageError{fmt.Sprintf("--workers must be at least 1, got %d", *o.workers)}
	case *o.renderers < 1:
		return usageError{fmt.Sprintf("--render-workers must be at least 1, got %d", *o.renderers)}
	case *o.perHost < 1:
		return usageError{fmt.Sprintf("--per-host must be at least 1, got %d", *o.perHost)}
	case *o.budget < 0:
		return usageError{fmt.Sprintf("--budget must be 0 (none) or positive, got %d", *o.budget)}
	case *o.hostGap < 0:
		return usageError{"--host-gap must not be negative"}
	case *o.minInterval <= 0 || *o.maxInterval < *o.minInterval:
		return usageError{"--min-interval must be positive and at most --max-interval"}
	case !(*o.alpha > 0 && *o.alpha <= 1):
		return usageError{fmt.Sprintf("--alpha must be in (0, 1], got %v", *o.alpha)}
	case *o.lease < 2**o.timeout:
		return usageError{fmt.Sprintf("--lease (%v) must be at least twice --timeout (%v), or a live worker could lose a feed it is still fetching", *o.lease, *o.timeout)}
	case *o.extractCache < 0:
		return usageError{fmt.Sprintf("--extract-cache must be 0 (none) or positive, got %d", *o.extractCache)}
	case *o.timeout <= 0 || *o.maxBody <= 0 || *o.headTimeout <= 0:
		return usageError{"--timeout, --header-timeout and --max-body must be positive"}
	case *o.headTimeout > *o.timeout && givenOf(o.flags, "header-timeout") != "":
		// The default is no choice: under a short --timeout it never binds.
		return usageError{fmt.Sprintf("--header-timeout (%v) must not be longer than --timeout (%v), which bounds the whole fetch", *o.headTimeout, *o.timeout)}
	case *o.policy != "simple" && !slices.Contains(policy.LiveNames(), *o.policy):
		return usageError{fmt.Sprintf("unknown --policy %q: choose one of %s, or simple", *o.policy, strings.Join(policy.LiveNames(), ", "))}
	}
	return nil
}

// client returns the HTTP client the options describe, dating server
// hints by clk.
func (o *monitorOpts) client(clk clock.Clock) *fetch.Client {
	return fetch.New(fetch.Config{Timeout: *o.timeout, HeaderTimeout: *o.headTimeout, MaxBodyBytes: *o.maxBody, AllowPrivate: *o.allowPrivate, Clock: clk})
}

// build wires a monitor over st on the wall clock.
func (o *monitorOpts) build(st store.Store, log *slog.Logger) (*monitor.Monitor, error) {
	mon, _, err := o.buildHeard(st, log, nil)
	return mon, err
}

// buildHeard is build with events told of every stored fetch; it returns
// the planner too.
func (o *monitorOpts) buildHeard(st store.Store, log *slog.Logger, events monitor.Events) (*monitor.Monitor, plan.Planner, error) {
	if err := o.check(); err != nil {
		return nil, nil, err
	}
	planner, err := o.planner()
	if err != nil {
		return nil, nil, err
	}
	loc, err := zoneFlag(*o.zone)
	if err != nil {
		return nil, nil, err
	}
	clk := clock.Wall{}
	coord, err := o.coordinator(st)
	if err != nil {
		return nil, nil, err
	}
	renderer, noRenderer := o.renderer(log)
	mon, err := monitor.New(monitor.Deps{
		Renderer: renderer, NoRenderer: noRenderer,
		Store:   st,
		Client:  o.client(clk),
		Hosts:   fetch.NewHostLimiter(*o.perHost, *o.hostGap, clk),
		Planner: planner,
		Clock:   clk,
		Logger:  log,
		Events:  events,
		// On PostgreSQL the monitor shares its work with other processes.
		Coordinator: coord,
		Hubs:        o.hubs,
	}, monitor.Config{Workers: *o.workers, PerHost: *o.perHost, BudgetPerHour: *o.budget, Seed: uint64(time.Now().UnixNano()),
		ExtractCacheBytes: cacheBytes(*o.extractCache), Calendar: change.Calendar{Location: loc}, HTMLAsPage: true, PushVerify: *o.pushVerify,
		PushVerifyMultiple: *o.pushMultiple})
	return mon, planner, err
}

// cacheBytes maps --extract-cache to monitor.Config.ExtractCacheBytes,
// where 0 means the default and a negative value none.
func cacheBytes(flag int64) int64 {
	if flag == 0 {
		return -1
	}
	return flag
}

// renderer returns the pool that renders the pages watched with
// --render (its browser starts at the first such page), or, when no
// browser is installed, nil and why.
func (o *monitorOpts) renderer(log *slog.Logger) (monitor.Renderer, error) {
	pool, err := render.New(render.Config{Browser: *o.browser, Workers: *o.renderers, Timeout: *o.timeout,
		Retry: renderRetry(*o.timeout, *o.lease), MaxBytes: *o.maxBody, AllowPrivate: *o.allowPrivate, Logger: log})
	if err != nil {
		return nil, err
	}
	o.pool = pool
	return pool, nil
}

// renderRetry is the time limit of a render's second try, after the
// first ran out of timeout: twice the time, within what the lease on the
// page leaves after the first try (--lease is at least twice --timeout,
// so the second try has at least as long as the first).
func renderRetry(timeout, lease time.Duration) time.Duration {
	return min(2*timeout, lease-timeout)
}

// close stops the render pool's browser, if one started.
func (o *monitorOpts) close() {
	if o.pool != nil {
		o.pool.Close()
	}
}

// defaultPerFeed is the daily fetches per followed feed a policy plans with
// when no --budget is given: as many as polling every feed hourly, which is
// what popular readers do; vigil spends them where they bring the most.
const defaultPerFeed = 24

// planner returns the chosen refresh policy.
func (o *monitorOpts) planner() (plan.Planner, error) {
	bounds := plan.Bounds{Min: *o.minInterval, Max: *o.maxInterval}
	if *o.policy == "simple" {
		return &plan.EWMA{Alpha: *o.alpha, Bounds: bounds}, nil
	}
	// A fixed seed: a restart keeps every feed's every-N-days phase and jitter.
	cfg := policy.Config{MinInterval: bounds.Min, MaxInterval: bounds.Max, Seed: 1, SqrtAllocation: !*o.placedAlloc}
	if *o.noTracking {
		cfg.Tracking = policy.Tracking{Off: true}
	} else {
		cfg.Tracking = policy.DefaultTracking
		cfg.Tracking.LevelPrior = *o.levelPrior
		cfg.Tracking.ShapePool = *o.shapePool
	}
	cfg.Access = policy.AccessModel{Prior: *o.accessPrior, Raw: *o.accessPrior == 0, HeldBack: *o.accessHeldBack, Unread: unreadShare(*o.accessUnread)}
	return policy.NewLive(*o.policy, cfg, *o.alpha, float64(*o.budget)*24, defaultPerFeed)
}
