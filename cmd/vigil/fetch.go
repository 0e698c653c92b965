package main

import (
	"context"
	"fmt"
	"log/slog"
)

func runFetch(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "fetch", "", "Fetch every due feed once, store what came, and exit (for cron and scripts).")
	opts := addMonitorFlags(f)
	all := f.Bool("all", false, "fetch every followed feed now, due or not")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	if err := checkEnv(e); err != nil {
		return err
	}
	st, err := f.open()
	if err != nil {
		return err
	}
	defer st.Close()
	mon, err := opts.build(st, slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn + 4})))
	defer opts.closeShared()
	if err != nil {
		return err
	}
	pass, err := mon.RunOnce(ctx, *all)
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
	fmt.Fprintf(e.stdout, "fetched %d feed(s)\n", len(pass.Results))
	return err
}
