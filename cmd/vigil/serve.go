package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"

	"vigil"
	"vigil/clock"
	"vigil/discover"
	"vigil/metrics"
	"vigil/monitor"
	"vigil/plan"
	"vigil/profiler"
	"vigil/server"
	"vigil/store"
)

func runServe(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "serve", "", "Run the web server and the monitor until SIGINT or SIGTERM.")
	addr := f.bindString("addr", "")
	secure := f.Bool("secure-cookies", false, "mark session cookies Secure (behind HTTPS)")
	verbose := f.Bool("v", false, "log every fetch and every request")
	metricsToken := f.bindString("metrics-token", "")
	trusted := f.bindString("trusted-proxies", "")
	firstUser := f.String("user", "admin", "`name` of the user created, with a printed password and token, when the database has no user yet")
	popts := addProfilerFlags(f)
	gc := addGCFlag(f, defaultServeGCPercent)
	noMonitor := f.Bool("no-monitor", false, "serve the web only; fetching is left to 'vigil worker' processes (PostgreSQL) or a cron 'vigil fetch' (SQLite)")
	opts := addMonitorFlags(f)
	dopts := addDigestFlags(f)
	publicURL := f.bindString("public-url", "")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	proxies, err := parseProxies(*trusted)
	if err != nil {
		return usageError{"--trusted-proxies: " + err.Error()}
	}
	undoGC, err := startService(f.cfg, popts, *gc)
	if err != nil {
		return err
	}
	defer undoGC()
	level := slog.LevelInfo
	if !*verbose {
		level = slog.LevelWarn
	}
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))
	db, err := f.open()
	if err != nil {
		return err
	}
	defer db.Close()
	var prof *profiler.Profiler
	var planner plan.Planner
	gauges := metrics.Gauges{Store: db, BudgetPerHour: *opts.budget, ProfilerThrough: func() int64 { return prof.Through() },
		PlanDelay: func() (time.Duration, bool) { return planDelay(planner) }}
	met := metrics.New(gauges, log)
	st := met.Store(db)
	hubs := newHubSubscriber(st, *publicURL, *opts.allowPrivate, log)
	if hubs != nil {
		opts.hubs = hubs
	}
	opts.unlocked = *noMonitor
	if err := opts.waitFetchLock(ctx, db, log); err != nil {
		return err
	}
	mon, planner, err := opts.buildHeard(st, log, met)
	defer opts.close()
	defer opts.closeShared()
	if err != nil {
		return err
	}
	if hubs != nil {
		hubs.Ingest = mon
	}
	if err := ensureFirstUser(ctx, e, st, *firstUser, givenOf(f, "user") != ""); err != nil {
		return err
	}
	digests, err := dopts.build(st, log, *opts.allowPrivate, *opts.zone)
	if err != nil {
		return err
	}
	if prof, err = profiler.New(ctx, st, popts.config(), log); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("unable to listen on %s: %w", *addr, err)
	}
	web := server.New(st, server.Config{SecureCookies: *secure, OnSubscribe: func(int64) { mon.Wake() }, Logger: log,
		Profiler: prof, Metrics: met, MetricsToken: *metricsToken, BudgetPerHour: *opts.budget, Policy: *opts.policy,
		Planner: chartPlanner(planner, !*noMonitor),
		Updates: digests.Folder, Zone: digests.Location, AllowPrivate: *opts.allowPrivate, TrustedProxies: proxies,
		Finder: &discover.Finder{Client: opts.client(clock.Wall{})}, CheckNow: checkNow(mon)})
	srv := &http.Server{
		Handler:           withHubCallbacks(web, hubs),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	fmt.Fprintf(e.stderr, "vigil serving http://%s/ with database %s\n", ln.Addr(), redactDB(*f.db))
	runProfiler := func(ctx context.Context) error {
		prof.Run(ctx, *popts.every)
		return nil
	}
	if c := opts.shared; c != nil {
		// On PostgreSQL one process at a time folds items into the profiles.
		runProfiler = func(ctx context.Context) error {
			return c.Lead(ctx, "profiler", profilerPoll, func(ctx context.Context) { prof.Run(ctx, *popts.every) })
		}
	}
	alerts := senderRunner(newSender(st, opts, *dopts.baseURL, log))
	runners := []func(context.Context) error{runProfiler, digests.Run, alerts}
	if hubs != nil {
		runners = append(runners, func(ctx context.Context) error { return hubs.Run(ctx, 0) })
	}
	if *noMonitor {
		return serveUntilDone(ctx, srv, ln, runners...)
	}
	return serveUntilDone(ctx, srv, ln, append(runners, mon.Run)...)
}

// planDelay is the expected mean delay of the planner's current plan,
// when the planner estimates one (policy.Live does).
func planDelay(p plan.Planner) (time.Duration, bool) {
	est, ok := p.(interface{ ExpectedDelay() (time.Duration, bool) })
	if !ok {
		return 0, false
	}
	return est.ExpectedDelay()
}

// ensureFirstUser creates the user called name (serve's --user, admin by
// default) when the database has no user yet, so that a newcomer can log
// in to the web page at once, and prints its credentials this once. A
// database with users is left as it is, whatever name says; when the
// flag was given (given) and names nobody there, a note says so.
func ensureFirstUser(ctx context.Context, e *env, st store.Accounts, name string, given bool) error {
	users, err := st.Users(ctx)
	if err != nil {
		return err
	}
	if len(users) > 0 {
		if given && !slices.ContainsFunc(users, func(u vigil.User) bool { return u.Name == name }) {
			fmt.Fprintf(e.stderr, "note: --user %s created nobody: it names the first user of a new database, and this one has users already (add one with 'vigil user add %s')\n", name, name)
		}
		return nil
	}
	password, token, err := createUser(ctx, st, name)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "no user yet: created user %s\n  password: %s\n  token:    %s\n(shown only now; add more users with 'vigil user add NAME')\n", name, password, token)
	return nil
}

// serveUntilDone runs the HTTP server and the runners (the monitor, the
// profiler) until ctx ends or one of them stops, then stops them all
// cleanly: the server drains its requests, the monitor stores the fetches
// that already came back, the profiler finishes the step it is saving.
func serveUntilDone(ctx context.Context, srv *http.Server, ln net.Listener, runners ...func(context.Context) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, 1+len(runners))
	wg.Go(func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			errs <- fmt.Errorf("http server: %w", err)
		}
		cancel()
	})
	for _, run := range runners {
		wg.Go(func() {
			if err := run(ctx); err != nil {
				errs <- err
			}
			cancel()
		})
	}
	<-ctx.Done()
	shutdown, stop := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer stop()
	srv.Shutdown(shutdown)
	wg.Wait()
	close(errs)
	return <-errs
}

// checkNow is the server's "Check now" through the monitor.
func checkNow(mon *monitor.Monitor) func(ctx context.Context, id int64) (server.CheckResult, error) {
	return func(ctx context.Context, id int64) (server.CheckResult, error) {
		r, err := mon.CheckNow(ctx, id)
		return server.CheckResult{Status: r.Status, New: r.New, Updated: r.Updated, Err: r.Err, NextTime: r.NextTime}, err
	}
}
