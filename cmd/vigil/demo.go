package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"vigil"
	"vigil/demo"
	"vigil/fetch"
	"vigil/metrics"
	"vigil/monitor"
	"vigil/plan"
	"vigil/policy"
	"vigil/profiler"
	"vigil/server"
	"vigil/store"
	"vigil/store/sqlite"
	"vigil/trace"
)

// demoUser is the user the demo creates and subscribes to every source.
const demoUser = "demo"

// demoOpts are the flags of vigil demo.
type demoOpts struct {
	trace   *string
	sources *int
	speed   *float64
	addr    *string
	policy  *string
	budget  *int
	warmup  *time.Duration
	verbose *bool
}

// addDemoFlags declares the flags of vigil demo on f. --db is redescribed:
// the demo ignores VIGIL_DB so that it never touches a real database unasked.
func addDemoFlags(f *flags) *demoOpts {
	db := f.Lookup("db")
	db.Usage, db.DefValue = "SQLite database `path`, created or reused (default: demo.db in a temporary directory removed on exit)", ""
	return &demoOpts{
		trace:   f.String("trace", "", "posting trace `file` to replay (default: a generated one)"),
		sources: f.Int("sources", 50, "number of sources: generated, or the first ones of --trace"),
		speed:   f.Float64("speed", 60, "how many times faster than real time the demo runs (60: a virtual hour per minute)"),
		addr:    f.bindString("addr", "listen `address` of the web server"),
		policy:  f.String("policy", "accrued", "refresh `policy`: "+strings.Join(policy.Names(), ", ")),
		budget:  f.Int("budget", 0, "global fetches per virtual hour, 0 for the policy's default of 24 a day per feed"),
		warmup: f.Duration("warmup", 24*time.Hour, "virtual time from the trace's first day to the demo's start, so that the feeds\n"+
			"already show postings and the first fetches have something to learn from (0: start at 00:00 UTC of the trace's first day)"),
		verbose: f.Bool("v", false, "log every fetch"),
	}
}

// check reports the first flag value that makes no sense.
func (o *demoOpts) check() error {
	switch {
	case *o.sources < 1:
		return usageError{fmt.Sprintf("--sources must be at least 1, got %d", *o.sources)}
	case !(*o.speed > 0) || math.IsInf(*o.speed, 1):
		return usageError{fmt.Sprintf("--speed must be a positive number, got %v", *o.speed)}
	case *o.warmup < 0:
		return usageError{fmt.Sprintf("--warmup must not be negative, got %v", *o.warmup)}
	case *o.budget < 0:
		return usageError{fmt.Sprintf("--budget must be 0 (the default) or positive, got %d", *o.budget)}
	case !slices.Contains(policy.Names(), *o.policy):
		return usageError{fmt.Sprintf("unknown --policy %q: choose one of %s", *o.policy, strings.Join(policy.Names(), ", "))}
	}
	return nil
}

func runDemo(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "demo", "", "Replay a posting trace as live feeds on loopback, on an accelerated clock, and run the\n"+
		"monitor and the web server on them, so that you can watch vigil learn within minutes.\n"+
		"Needs no internet. Stop with Ctrl-C.")
	o := addDemoFlags(f)
	if err := f.parse(args, 0); err != nil {
		return err
	}
	if err := o.check(); err != nil {
		return err
	}
	postings, origin, err := demoPostings(*o.trace, *o.sources)
	if err != nil {
		return err
	}
	dbPath, temporary, cleanup, err := demoDatabase(f)
	if err != nil {
		return err
	}
	defer cleanup()
	st, err := sqlite.Open(dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	return runDemoOn(ctx, e, o, st, postings, demoBanner{origin: origin, db: dbPath, temporary: temporary})
}

// demoBanner is what the demo tells about itself when it starts.
type demoBanner struct {
	origin    string // where the trace comes from
	db        string
	temporary bool
}

// runDemoOn runs the demo of postings over the store st until ctx ends.
func runDemoOn(ctx context.Context, e *env, o *demoOpts, st *sqlite.DB, postings *trace.Postings, b demoBanner) error {
	user, password, err := demoAccount(ctx, st)
	if err != nil {
		return err
	}
	accel, err := demo.NewAccelerated(postings.Start.Add(*o.warmup), *o.speed)
	if err != nil {
		return err
	}
	feeds, err := demo.StartFeedServer(postings.Sources, accel)
	if err != nil {
		return err
	}
	defer feeds.Close()
	if err := subscribeDemo(ctx, st, user, feeds, postings.Sources, accel.Now()); err != nil {
		return err
	}
	log := demoLogger(e.stderr, *o.verbose)
	// The demo runs everything serve runs: the monitor, the profiler behind
	// "For you" and channel search, and /metrics.
	var prof *profiler.Profiler
	var planner plan.Planner
	met := metrics.New(metrics.Gauges{Store: st, Now: accel.Now, BudgetPerHour: *o.budget,
		ProfilerThrough: func() int64 { return prof.Through() },
		PlanDelay:       func() (time.Duration, bool) { return planDelay(planner) }}, log)
	mon, planner, err := demoMonitor(met.Store(st), accel, o, log, met)
	if err != nil {
		return err
	}
	if prof, err = profiler.New(ctx, met.Store(st), profiler.Config{}, log); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *o.addr)
	if err != nil {
		return fmt.Errorf("unable to listen on %s: %w", *o.addr, err)
	}
	srv := &http.Server{
		Handler: server.New(met.Store(st), server.Config{Now: accel.Now, OnSubscribe: func(int64) { mon.Wake() }, Logger: log,
			Profiler: prof, Metrics: met, BudgetPerHour: *o.budget, Policy: *o.policy,
			Planner: chartPlanner(planner, true)}),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	b.print(e.stdout, postings, accel, feeds.URL, ln.Addr().String(), password)
	runProfiler := func(ctx context.Context) error {
		prof.Run(ctx, profiler.DefaultEvery)
		return nil
	}
	return serveUntilDone(ctx, srv, ln, mon.Run, runProfiler)
}

// demoLogger logs warnings, and every fetch when verbose.
func demoLogger(w io.Writer, verbose bool) *slog.Logger {
	level := slog.LevelWarn
	if verbose {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: level}))
}

// print writes how to watch the demo, with the password when it is new.
func (b demoBanner) print(w io.Writer, p *trace.Postings, accel *demo.Accelerated, feedsURL, addr, password string) {
	fmt.Fprintf(w, "vigil demo: %d sources from %s, replayed from %s at %g× (a real minute is %v)\n",
		len(p.Sources), b.origin, accel.Now().Format("Mon 2 Jan 2006 15:04 MST"), accel.Speed(), accel.Virtual(time.Minute))
	fmt.Fprintf(w, "feeds served at %s/feeds/\n", feedsURL)
	if b.temporary {
		fmt.Fprintf(w, "database %s (temporary: removed on exit; give --db to keep it)\n", b.db)
	} else {
		fmt.Fprintf(w, "database %s\n", b.db)
	}
	fmt.Fprintf(w, "open http://%s/ and log in as %s\n", addr, demoUser)
	if password != "" {
		fmt.Fprintf(w, "  password: %s (shown only now)\n", password)
	} else {
		fmt.Fprintf(w, "  (the user exists: its password was shown when this database was first used)\n")
	}
	fmt.Fprintln(w, "Stop with Ctrl-C.")
}

// demoPostings returns the first n sources of the trace file path, or of a
// generated trace when path is empty, and words where they come from.
func demoPostings(path string, n int) (*trace.Postings, string, error) {
	var p *trace.Postings
	origin := "a generated trace (seed 1)"
	if path == "" {
		p, _ = trace.Generate(trace.GenConfig{Sources: n, Seed: 1})
	} else {
		var err error
		if p, err = trace.ReadPostingsFile(path); err != nil {
			return nil, "", err
		}
		origin = path
	}
	if p.Count() == 0 {
		return nil, "", fmt.Errorf("the trace %s has no postings", origin)
	}
	p.Sources = p.Sources[:min(n, len(p.Sources))]
	return p, origin, nil
}

// demoDatabase returns the database path --db gives, or one in a new
// temporary directory, and a function that removes what it created.
func demoDatabase(f *flags) (path string, temporary bool, cleanup func(), err error) {
	given := false
	f.Visit(func(fl *flag.Flag) { given = given || fl.Name == "db" })
	if given {
		return *f.db, false, func() {}, nil
	}
	dir, err := os.MkdirTemp("", "vigil-demo-")
	if err != nil {
		return "", false, nil, fmt.Errorf("unable to create a directory for the demo database: %w", err)
	}
	return filepath.Join(dir, "demo.db"), true, func() { os.RemoveAll(dir) }, nil
}

// demoAccount returns the demo user, creating it with a generated password
// when the database has none; password is empty for an existing user. A
// database with other users is refused: the demo fetches loopback addresses
// and must not run over someone's real subscriptions.
func demoAccount(ctx context.Context, st store.Accounts) (*vigil.User, string, error) {
	users, err := st.Users(ctx)
	if err != nil {
		return nil, "", err
	}
	for _, u := range users {
		if u.Name != demoUser {
			return nil, "", fmt.Errorf("the database holds the user %q: the demo needs a database of its own (give a new --db)", u.Name)
		}
	}
	var password string
	if len(users) == 0 {
		if password, _, err = createUser(ctx, st, demoUser); err != nil {
			return nil, "", err
		}
	}
	u, err := st.UserByName(ctx, demoUser)
	return u, password, err
}

// subscribeDemo subscribes u to the feed of every source, and drops the
// subscriptions of earlier runs, whose feed server is gone.
func subscribeDemo(ctx context.Context, st store.Subscribing, u *vigil.User, feeds *demo.FeedServer, sources []trace.Source, now time.Time) error {
	subs, err := st.Subscriptions(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, s := range subs {
		if !strings.HasPrefix(s.Feed.URL, feeds.URL+"/") {
			if err := st.Unsubscribe(ctx, u.ID, s.Feed.ID); err != nil {
				return err
			}
		}
	}
	for _, src := range sources {
		if _, err := st.Subscribe(ctx, u.ID, feeds.FeedURL(src.ID), 1, now); err != nil {
			return fmt.Errorf("unable to subscribe to source %s: %w", src.ID, err)
		}
	}
	return nil
}

// demoMonitor wires the real monitor on the accelerated clock: fetches of
// loopback allowed, no gap between requests to the one demo host, a look
// for due feeds every quarter of a real second, and a re-plan every virtual
// hour so that the plan follows what is learnt.
func demoMonitor(st store.Store, accel *demo.Accelerated, o *demoOpts, log *slog.Logger, events monitor.Events) (*monitor.Monitor, plan.Planner, error) {
	const workers = 4
	cfg := policy.Config{MinInterval: plan.DefaultBounds.Min, MaxInterval: plan.DefaultBounds.Max, Seed: 1}
	planner, err := policy.NewLive(*o.policy, cfg, 0.1, float64(*o.budget)*24, defaultPerFeed)
	if err != nil {
		return nil, nil, err
	}
	mon, err := monitor.New(monitor.Deps{
		Store:   st,
		Client:  fetch.New(fetch.Config{AllowPrivate: true, Clock: accel}),
		Hosts:   fetch.NewHostLimiter(workers, 0, accel),
		Planner: planner,
		Clock:   accel,
		Logger:  log,
		Events:  events,
	}, monitor.Config{
		Workers:       workers,
		PerHost:       workers, // every demo feed is on one loopback host
		BudgetPerHour: *o.budget,
		Tick:          max(time.Second, accel.Virtual(250*time.Millisecond)),
		Replan:        time.Hour,
		Seed:          1,
	})
	return mon, planner, err
}
