package main

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"vigil"
	"vigil/profiler"
	"vigil/store"
	"vigil/store/postgres"
	"vigil/store/sqlite"
)

// profilerPoll is how often a worker that is not running the profiler
// checks whether the one that was has gone.
const profilerPoll = 30 * time.Second

func runWorker(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "worker", "", "Run the monitor without the web server until SIGINT or SIGTERM: one of any number of\n"+
		"worker processes, on any machines, sharing a PostgreSQL database (--db postgres://...).\n"+
		"Workers share the due feeds, the budget, each host's gap and the re-plan; one of them\n"+
		"at a time folds new items into the channel profiles. Each also sends the users' alerts,\n"+
		"never one message from two workers at once.")
	verbose := f.Bool("v", false, "log every fetch")
	popts := addProfilerFlags(f)
	gc := addGCFlag(f, defaultServeGCPercent)
	noProfiler := f.Bool("no-profiler", false, "never run the profiler in this worker")
	opts := addMonitorFlags(f)
	baseURL := f.bindString("base-url", "")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	undoGC, err := startService(f.cfg, popts, *gc)
	if err != nil {
		return err
	}
	defer undoGC()
	if !postgres.IsURL(*f.db) {
		return usageError{fmt.Sprintf("--db must be a postgres:// URL (workers share a PostgreSQL database), got %q", *f.db)}
	}
	log := newLogger(e, *verbose)
	st, err := f.open()
	if err != nil {
		return err
	}
	defer st.Close()
	mon, err := opts.build(st, log)
	defer opts.close()
	defer opts.closeShared()
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "vigil worker %s fetching for %s\n", opts.shared.Worker(), redactDB(*f.db))
	runners := []func(context.Context) error{mon.Run, senderRunner(newSender(st, opts, *baseURL, log))}
	if !*noProfiler {
		runners = append(runners, sharedProfiler(st, opts, log, popts))
	}
	return runAll(ctx, runners...)
}

// newLogger logs to standard error, every fetch when verbose.
func newLogger(e *env, verbose bool) *slog.Logger {
	level := slog.LevelInfo
	if !verbose {
		level = slog.LevelWarn
	}
	return slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))
}

// coordinator returns the coordinator that shares a monitor's work with
// other processes on st (made at the first call), or nil when st is not
// shared (SQLite): there this process takes the database's fetch lock
// instead, so that no other process fetches from it meanwhile. Both end
// with st's command (closeShared).
func (o *monitorOpts) coordinator(st store.Store) (store.Coordinator, error) {
	for {
		w, ok := st.(interface{ Unwrap() store.Store })
		if !ok {
			break
		}
		st = w.Unwrap() // the metrics' timings, the pass's meter around the store
	}
	if lite, ok := st.(*sqlite.DB); ok && !o.unlocked {
		return nil, o.lockFetching(lite)
	}
	db, ok := st.(*postgres.DB)
	if !ok {
		return nil, nil
	}
	switch {
	case o.shared != nil:
	case o.pass:
		o.shared = postgres.NewPassCoordinator(db, "", *o.lease, *o.hostGap)
	default:
		c, err := postgres.NewCoordinator(db, "", *o.lease, *o.hostGap)
		if err != nil {
			return nil, err
		}
		o.shared = c
	}
	return o.shared, nil
}

// lockFetching takes the embedded database's fetch lock, once.
func (o *monitorOpts) lockFetching(db *sqlite.DB) error {
	if o.unlock != nil {
		return nil
	}
	unlock, err := db.LockFetching()
	if err != nil {
		return err
	}
	o.unlock = unlock
	return nil
}

// waitFetchLock takes the embedded database's fetch lock for a process
// that fetches until it stops (serve), waiting while another holds it (a
// cron pass that has not ended), and saying so once; on PostgreSQL, or
// without a monitor, it does nothing.
func (o *monitorOpts) waitFetchLock(ctx context.Context, st store.Store, log *slog.Logger) error {
	lite, ok := st.(*sqlite.DB)
	if !ok || o.unlocked {
		return nil
	}
	for told := false; ; told = true {
		err := o.lockFetching(lite)
		if vigil.ErrorCode(err) != vigil.ECONFLICT {
			return err
		}
		if !told {
			log.Warn("waiting for the fetch lock: " + vigil.ErrorMessage(err))
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// closeShared closes the coordinator, if one was made, and ends the
// fetch lock, if one was taken.
func (o *monitorOpts) closeShared() {
	if o.shared != nil {
		o.shared.Close()
	}
	if o.unlock != nil {
		o.unlock()
		o.unlock = nil
	}
}

// sharedProfiler returns a runner of the profiler: on PostgreSQL one
// process at a time runs it (the others wait to take over), loading its
// state when it starts leading.
func sharedProfiler(st store.Store, o *monitorOpts, log *slog.Logger, p *profilerOpts) func(context.Context) error {
	run := func(ctx context.Context) error {
		prof, err := profiler.New(ctx, st, p.config(), log)
		if err != nil {
			return err
		}
		prof.Run(ctx, *p.every)
		return nil
	}
	c := o.shared
	if c == nil {
		return run
	}
	return func(ctx context.Context) error {
		var runErr error
		err := c.Lead(ctx, "profiler", profilerPoll, func(ctx context.Context) { runErr = run(ctx) })
		if runErr != nil {
			return runErr
		}
		return err
	}
}

// runAll runs the runners until ctx ends or one of them stops, then stops
// the others and returns the first error.
func runAll(ctx context.Context, runners ...func(context.Context) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, len(runners))
	for _, run := range runners {
		wg.Go(func() {
			if err := run(ctx); err != nil {
				errs <- err
			}
			cancel()
		})
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// redactDB shows a --db value without a password.
func redactDB(db string) string {
	if !postgres.IsURL(db) {
		return db
	}
	return postgres.Redact(db)
}
