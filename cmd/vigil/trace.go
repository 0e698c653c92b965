package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"vigil/trace"
)

// traceCommands are the subcommands of vigil trace.
var traceCommands = []command{
	{"gen", "generate a synthetic posting trace (and reader accesses)", runTraceGen},
	{"stats", "measure a posting trace's daily rhythm, burstiness and spread over sources", runTraceStats},
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
	looks := f.Int("looks", 0, "make every access a look at one of `n` sources the reader follows (the access trace's source column), some read at each of their habitual hours")
	start := f.String("start", trace.DefaultGenStart.Format("2006-01-02"), "first day, YYYY-MM-DD (UTC)")
	out := f.String("out", "postings.tsv.gz", "posting trace `file` (gzip when it ends in .gz)")
	usersOut := f.String("users-out", "", "access trace `file` for the generated readers")
	noTitles := f.Bool("no-titles", false, "leave out titles (smaller, faster)")
	quantise := f.Duration("quantise", 0, "floor every posting time to this grid (e.g. 1h), as a crawler or coarse feed dates record them")
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
	case *quantise < 0:
		return usageError{"--quantise must not be negative"}
	case *looks < 0 || (*looks > 0 && *users == 0):
		return usageError{"--looks must not be negative and needs --users"}
	}
	posts, acc := trace.Generate(trace.GenConfig{Sources: *sources, Days: *days, Seed: *seed, Start: day, Users: *users, Looks: *looks, NoTitles: *noTitles})
	posts.Quantise(*quantise)
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

// runTraceStats prints how much a posting trace gives a learning policy:
// its sources' daily rhythm against chance, their burstiness and how
// unevenly the postings spread over sources (trace.Shape).
func runTraceStats(_ context.Context, e *env, args []string) error {
	f := newFlags(e, "trace stats", "FILE",
		"Measure a posting trace: the median share of a source's postings in its busiest 8 hours of the UTC day\n"+
			"(flat: 1/3, and what chance gives the same counts placed at random), the median coefficient of\n"+
			"variation of the gaps between postings (Poisson: 1, bursts: above) and the share of postings\n"+
			"made by the busiest 17% of sources.")
	minPostings := f.Int("min-postings", 100, "measure only sources with at least this many postings")
	seed := f.Uint64("seed", 1, "seed of the random placement the rhythm is compared with")
	asJSON := f.Bool("json", false, "print the figures as JSON")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	if *minPostings < 2 {
		return usageError{"--min-postings must be at least 2"}
	}
	p, err := trace.ReadPostingsFile(f.Arg(0))
	if err != nil {
		return err
	}
	sh := p.Shape(*minPostings, *seed)
	if sh.Sources == 0 {
		return fmt.Errorf("trace stats: no source of %s has %d postings (lower --min-postings)", f.Arg(0), *minPostings)
	}
	if *asJSON {
		return json.NewEncoder(e.stdout).Encode(traceStatsJSON(sh))
	}
	fmt.Fprintf(e.stdout, "sources measured     %d (%d postings, at least %d each)\n", sh.Sources, sh.Postings, *minPostings)
	fmt.Fprintf(e.stdout, "daily rhythm         %.3f in the busiest 8 hours (flat day 0.333, chance %.3f)\n", sh.Rhythm, sh.FlatRhythm)
	fmt.Fprintf(e.stdout, "burstiness           %.2f (gaps' coefficient of variation; Poisson 1)\n", sh.Burstiness)
	fmt.Fprintf(e.stdout, "busiest 17%% sources  %.1f%% of the postings\n", 100*sh.TopShare)
	return nil
}

// traceStatsJSON names trace.Shape's figures for --json.
func traceStatsJSON(sh trace.Shape) map[string]any {
	return map[string]any{"sources": sh.Sources, "postings": sh.Postings, "rhythm": sh.Rhythm,
		"flat_rhythm": sh.FlatRhythm, "burstiness": sh.Burstiness, "top_share": sh.TopShare}
}
