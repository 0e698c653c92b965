package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"vigil"
	"vigil/fetch"
	"vigil/monitor"
	"vigil/store"
)

// defaultCodeReleaseEvery is how much CPU time `vigil fetch` spends
// between two releases of the code pages it has mapped (see codePages):
// the pass's own code comes back as minor page faults, a 64 KiB block
// each, about a millisecond a release, while pages touched once (opening
// the store, the re-plan, a rare path) stop counting in its resident set.
// Counting CPU time rather than fetches or wall time keeps that cost a
// share of the work (about 1% of a pass here), however much a fetch costs and
// however long it waits on its server.
const defaultCodeReleaseEvery = 100 * time.Millisecond

func runFetch(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "fetch", "[URL|ID]", "Fetch every due feed once, store what came, send the alerts it caused, and exit (for cron and scripts).\n"+
		"With a feed's or page's URL or ID, check that one now: refused, with no request, within a minute of its last\n"+
		"fetch or before the time its server asked not to be fetched before (Retry-After, Cache-Control max-age).")
	opts := addMonitorFlags(f)
	opts.pass = true
	all := f.Bool("all", false, "fetch every followed feed now, due or not")
	gc := addGCFlag(f, defaultFetchGCPercent)
	baseURL := f.bindString("base-url", "")
	procs := f.Int("procs", defaultFetchProcs, "how many processors run vigil's code while fetching (a pass mostly waits on the network; each more holds more memory); 0 keeps Go's default (one per core available); GOMAXPROCS, when set to a count, wins")
	releaseEvery := f.Duration("release-code-every", defaultCodeReleaseEvery, "after how much of its CPU time the pass releases again the pages of vigil's code and read-only data (and libc's) it has mapped, so that only those it is using count in its memory; 0: only once, at start")
	f.lean = true // ingests and exits: no mapped file, small caches, for a low peak of memory
	if err := f.parse(args, -1); err != nil {
		return err
	}
	switch {
	case f.NArg() > 1:
		return usageError{fmt.Sprintf("expected at most one URL or ID, got %d arguments", f.NArg())}
	case f.NArg() == 1 && *all:
		return usageError{"--all fetches every feed: give it, or one URL or ID, not both"}
	}
	if err := opts.check(); err != nil { // a wrong flag is reported before the database
		return err
	}
	if *releaseEvery < 0 {
		return usageError{fmt.Sprintf("--release-code-every %s: want a CPU time (100ms), or 0", *releaseEvery)}
	}
	// The binary's pages start-up touched: a pass maps back only those it
	// uses, and releases them again as it goes.
	pages := findCodePages()
	pages.release()
	countFetch, stopReleasing := pages.every(*releaseEvery)
	defer stopReleasing()
	undoGC, err := setGCPercent(f.cfg, *gc)
	if err != nil {
		return err
	}
	defer undoGC()
	undoProcs, err := setProcs(f.cfg, *procs)
	if err != nil {
		return err
	}
	defer undoProcs()
	st, err := f.openExisting()
	if err != nil {
		return err
	}
	defer st.Close()
	m := newMeter(e.stderr, "fetching", 0)
	if *all && m != nil { // the count is only for the terminal's bar
		// the feeds the pass lists, by their references only, not whole
		if refs, err := st.FetchList(ctx, time.Now(), true); err == nil {
			m = newMeter(e.stderr, "fetching", len(refs))
		}
	}
	opts.unlocked = f.NArg() == 1 // a check of one feed, not a pass
	mon, err := opts.build(meteredStore{st, m}, slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn + 4})))
	defer opts.close()
	defer opts.closeShared()
	if err != nil {
		return err
	}
	if f.NArg() == 1 {
		err := fetchOne(ctx, e, st, mon, f.Arg(0))
		if err == nil {
			err = drainAlerts(ctx, e, newSender(st, opts, *baseURL, slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))))
		}
		return err
	}
	// Each result is printed as its fetch ends and only counted after, for
	// a low peak of memory: a pass over many feeds does not hold their
	// results.
	var t tally
	pass, err := mon.RunOnceEach(ctx, *all, func(r monitor.Result) {
		m.above(func() { printResult(e.stdout, r) })
		t.add(r)
		countFetch() // as the pass spends CPU time, the code pages are released again
	})
	m.finish()
	if pass.Skipped > 0 {
		fmt.Fprintf(e.stdout, "%d due feed(s) left for later: the budget of %d fetches per hour is spent\n", pass.Skipped, *opts.budget)
	}
	if pass.Held > 0 {
		fmt.Fprintf(e.stdout, "%d feed(s) left for later: their servers asked not to be fetched yet (Retry-After, Cache-Control, Expires)\n", pass.Held)
	}
	fmt.Fprintf(e.stdout, "fetched %d feed(s), %d failed%s\n", t.fetched, t.failed, t.waitingNote())
	if err == nil { // what this run found reaches people before it exits
		err = drainAlerts(ctx, e, newSender(st, opts, *baseURL, slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))))
	}
	if err == nil {
		keepStatistics(ctx, st, e.stderr)
	}
	hint := t.hint()
	if err == nil && t.failed > 0 && t.failed == t.fetched {
		err = fmt.Errorf("every fetch failed%s", hint)
	} else if hint != "" {
		fmt.Fprintln(e.stderr, "vigil fetch:"+hint)
	}
	return err
}

// keepStatistics brings the store's table statistics up to date where the
// pass changed enough of a table for the database to do it of its own
// accord later (PostgreSQL's autovacuum): the pass that loaded the rows
// pays for their statistics, and the next pass finds them ready. A
// failure is told and does not fail the pass, whose fetches are stored.
func keepStatistics(ctx context.Context, st store.Store, stderr io.Writer) {
	k, ok := st.(store.StatisticsKeeper)
	if !ok {
		return
	}
	if _, err := k.KeepStatistics(ctx); err != nil {
		fmt.Fprintf(stderr, "vigil fetch: the tables' statistics were not refreshed: %v\n", err)
	}
}

// printResult writes the line `vigil fetch` prints for one fetch: "wait"
// for a server that asked vigil to come back later (429, 503), which is no
// failure.
func printResult(w io.Writer, r monitor.Result) {
	switch {
	case r.Err != "" && askedToWait(r):
		fmt.Fprintf(w, "wait %s: %s (next try %s)\n", r.URL, r.Err, stamp(r.NextTime))
	case r.Err != "":
		fmt.Fprintf(w, "fail %s: %s (next try %s)\n", r.URL, r.Err, stamp(r.NextTime))
	case r.MovedTo != "":
		fmt.Fprintf(w, "ok   %s: %d new, %d updated; moved permanently to %s\n", r.URL, r.New, r.Updated, r.MovedTo)
	default:
		fmt.Fprintf(w, "ok   %s: %d new, %d updated (next %s)\n", r.URL, r.New, r.Updated, stamp(r.NextTime))
	}
}

// askedToWait reports whether a fetch's server asked vigil to come back
// later (vigil.AsksToWait).
func askedToWait(r monitor.Result) bool { return vigil.AsksToWait(r.Status) }

// tally counts the fetches of a pass, the failed ones, those whose server
// asked to wait, and the failures refused by the guard against private
// addresses.
type tally struct {
	fetched, failed, waiting, private int
}

// add counts one fetch.
func (t *tally) add(r monitor.Result) {
	t.fetched++
	if r.Err == "" {
		return
	}
	if askedToWait(r) {
		t.waiting++
		return
	}
	t.failed++
	// The monitor keeps a failure in words only.
	if fetch.RefusedAddress(r.Err) {
		t.private++
	}
}

// waitingNote is ", N asked to wait" when servers asked to wait, else "".
func (t *tally) waitingNote() string {
	if t.waiting == 0 {
		return ""
	}
	return fmt.Sprintf(", %d asked to wait", t.waiting)
}

// hint is the advice that lifts the guard against private addresses when
// it refused some fetches, else "".
func (t *tally) hint() string {
	if t.private == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d refused as loopback or private addresses: run with --allow-private for loopback feeds)", t.private)
}

// meteredStore is a store that steps a meter each time a fetch is stored.
type meteredStore struct {
	store.Store
	m *meter
}

// Unwrap returns the store the meter wraps.
func (s meteredStore) Unwrap() store.Store { return s.Store }

// Ingest stores a fetch and steps the meter.
func (s meteredStore) Ingest(ctx context.Context, f vigil.Fetched, decide func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error)) (vigil.Ingested, error) {
	ing, err := s.Store.Ingest(ctx, f, decide)
	s.m.step("")
	return ing, err
}

// RecordFetch stores a fetch that brought no items and steps the meter.
func (s meteredStore) RecordFetch(ctx context.Context, obs vigil.Observation, feed *vigil.Feed) error {
	err := s.Store.RecordFetch(ctx, obs, feed)
	s.m.step("")
	return err
}
