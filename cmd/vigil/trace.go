package main

import (
	"context"
	"fmt"
	"time"

	"vigil/trace"
)

// traceCommands are the subcommands of vigil trace.
var traceCommands = []command{
	{"gen", "generate a synthetic posting trace (and reader accesses)", runTraceGen},
}

func runTrace(ctx context.Context, e *env, args []string) error {
	return runGroup(ctx, e, "trace", traceCommands, args)
}

// runTraceGen writes a synthetic posting trace (and optionally a reader
// access trace) calibrated to what the seed papers report.
func runTraceGen(_ context.Context, e *env, args []string) error {
	f := newFlags(e, "trace gen", "", "Generate a synthetic posting trace (and reader accesses) in the format of ../shared/traces/FORMAT.md.")
	sources := f.Int("sources", 1000, "number of sources")
	days := f.Int("days", 90, "days covered")
	seed := f.Uint64("seed", 1, "random seed: the same seed gives the same trace")
	users := f.Int("users", 0, "number of readers to generate accesses for (with --users-out)")
	start := f.String("start", trace.DefaultGenStart.Format("2006-01-02"), "first day, YYYY-MM-DD (UTC)")
	out := f.String("out", "postings.tsv.gz", "posting trace `file` (gzip when it ends in .gz)")
	usersOut := f.String("users-out", "", "access trace `file` for the generated readers")
	noTitles := f.Bool("no-titles", false, "leave out titles (smaller, faster)")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	day, err := time.Parse("2006-01-02", *start)
	switch {
	case err != nil:
		return usageError{fmt.Sprintf("--start %q is not a date like 2013-05-20", *start)}
	case *sources < 1 || *days < 1:
		return usageError{"--sources and --days must be at least 1"}
	case *users < 0 || (*users > 0) != (*usersOut != ""):
		return usageError{"--users and --users-out go together"}
	}
	posts, acc := trace.Generate(trace.GenConfig{Sources: *sources, Days: *days, Seed: *seed, Start: day, Users: *users, NoTitles: *noTitles})
	if err := trace.WritePostingsFile(*out, posts); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %d postings of %d sources to %s\n", posts.Count(), len(posts.Sources), *out)
	if *usersOut != "" {
		if err := trace.WriteAccessesFile(*usersOut, acc); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "wrote %d accesses of %d readers to %s\n", acc.Count(), len(acc.Users), *usersOut)
	}
	return nil
}
