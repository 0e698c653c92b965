package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"vigil"
	"vigil/monitor"
	"vigil/store"
)

func runFetch(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "fetch", "", "Fetch every due feed once, store what came, and exit (for cron and scripts).")
	opts := addMonitorFlags(f)
	all := f.Bool("all", false, "fetch every followed feed now, due or not")
	f.lean = true // ingests and exits: no mapped file, small caches (issue 11)
	if err := f.parse(args, 0); err != nil {
		return err
	}
	if err := checkEnv(e); err != nil {
		return err
	}
	if err := opts.check(); err != nil { // a wrong flag is reported before the database
		return err
	}
	st, err := f.openExisting()
	if err != nil {
		return err
	}
	defer st.Close()
	m := newMeter(e.stderr, "fetching", 0)
	if *all {
		if feeds, err := st.Feeds(ctx); err == nil {
			m = newMeter(e.stderr, "fetching", len(feeds))
		}
	}
	mon, err := opts.build(meteredStore{st, m}, slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn + 4})))
	defer opts.closeShared()
	if err != nil {
		return err
	}
	pass, err := mon.RunOnce(ctx, *all)
	m.finish()
	for _, r := range pass.Results {
		switch {
		case r.Err != "":
			fmt.Fprintf(e.stdout, "fail %s: %s (next try %s)\n", r.URL, r.Err, stamp(r.NextTime))
		case r.MovedTo != "":
			fmt.Fprintf(e.stdout, "ok   %s: %d new, %d updated; moved permanently to %s\n", r.URL, r.New, r.Updated, r.MovedTo)
		default:
			fmt.Fprintf(e.stdout, "ok   %s: %d new, %d updated (next %s)\n", r.URL, r.New, r.Updated, stamp(r.NextTime))
		}
	}
	if pass.Skipped > 0 {
		fmt.Fprintf(e.stdout, "%d due feed(s) left for later: the budget of %d fetches per hour is spent\n", pass.Skipped, *opts.budget)
	}
	failed, hint := failures(pass.Results)
	fmt.Fprintf(e.stdout, "fetched %d feed(s), %d failed\n", len(pass.Results), failed)
	if err == nil && failed > 0 && failed == len(pass.Results) {
		err = fmt.Errorf("every fetch failed%s", hint)
	} else if hint != "" {
		fmt.Fprintln(e.stderr, "vigil fetch:"+hint)
	}
	return err
}

// failures counts the failed fetches and, when some were refused by the
// guard against private addresses, gives the hint that lifts it.
func failures(results []monitor.Result) (int, string) {
	failed, private := 0, 0
	for _, r := range results {
		if r.Err == "" {
			continue
		}
		failed++
		// fetch.AddressError's wording: the monitor keeps a failure in words only.
		if strings.Contains(r.Err, "refusing to connect to") {
			private++
		}
	}
	if private == 0 {
		return failed, ""
	}
	return failed, fmt.Sprintf(" (%d refused as loopback or private addresses: run with --allow-private for loopback feeds)", private)
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
