package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"vigil/policy"
	"vigil/sim"
	"vigil/trace"
)

// defaultPagePolicies are the policies `vigil page sim` compares by
// default: uniform (Sia & Cho's policy 1), Cho & Garcia-Molina's optimal
// freshness and age allocations, nutch's adaptive interval (made for
// pages), the combined policy, accrued (the live monitor's default, the
// bold row of science.md's table of pages) and the clairvoyant bound.
const defaultPagePolicies = "uniform,cgm-freshness,cgm-age,nutch,combined,accrued,clairvoyant"

// runPageGen writes a synthetic page-change trace.
func runPageGen(_ context.Context, e *env, args []string) error {
	f := newFlags(e, "page gen", "", "Write a synthetic page-change trace (source, time of each change) as TSV.")
	pages := f.Int("pages", 200, "number of pages")
	days := f.Int("days", 60, "days covered")
	seed := f.Uint64("seed", 1, "random seed: the same seed gives the same trace")
	minRate := f.Float64("min-rate", 1.0/30, "fewest mean changes per day of a page")
	maxRate := f.Float64("max-rate", 8, "most mean changes per day of a page")
	office := f.Float64("office", 0.5, "share of pages changed only on working hours (negative: none)")
	out := f.String("out", "", "write to this `file` (.gz compresses) instead of standard output")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	if *pages < 1 || *days < 1 || *minRate <= 0 || *maxRate <= 0 {
		return usageError{"--pages, --days, --min-rate and --max-rate must be positive"}
	}
	p, err := trace.GeneratePages(trace.PageGenConfig{Pages: *pages, Days: *days, Seed: *seed,
		MinPerDay: *minRate, MaxPerDay: *maxRate, OfficeShare: *office})
	if err != nil {
		return usageError{strings.TrimPrefix(err.Error(), "trace: ")}
	}
	if *out != "" {
		return trace.WritePostingsFile(*out, p)
	}
	return trace.WritePostings(e.stdout, p)
}

// runPageSim replays a page-change trace through page policies.
func runPageSim(_ context.Context, e *env, args []string) error {
	f := newFlags(e, "page sim", "TRACE",
		"Replay a page-change trace (source, time of each change) through refresh policies on virtual time,\n"+
			"each page showing only its latest version and its rate learned from change-only observations\n"+
			"(Cho & Garcia-Molina), and print freshness and change delay against the clairvoyant bound.")
	names := f.String("policies", defaultPagePolicies, "comma-separated policies: "+strings.Join(policy.Names(), ", ")+", clairvoyant")
	perSource := f.Float64("budget", 1, "mean fetches per page per day")
	train := f.Duration("train", sim.DefaultTrain, "first part used only to learn")
	asJSON := f.Bool("json", false, "print the metrics as JSON")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	if *perSource <= 0 || *train < 0 {
		return usageError{"--budget must be positive and --train not negative"}
	}
	p, err := trace.ReadPageChangesFile(f.Arg(0))
	if err != nil {
		return err
	}
	var rows []sim.PageMetrics
	for _, name := range strings.Split(*names, ",") {
		cfg := sim.Config{Policy: strings.TrimSpace(name), PerSource: *perSource, Train: *train, Start: p.Start, End: p.End, Seed: 1}
		m, err := sim.RunPages(cfg, simSources(p))
		if err != nil {
			return err
		}
		rows = append(rows, m)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	return printPageSim(e, rows, p.End.Sub(p.Start)-*train)
}

// printPageSim writes the metrics as a table.
func printPageSim(e *env, rows []sim.PageMetrics, measured time.Duration) error {
	if len(rows) > 0 {
		fmt.Fprintf(e.stdout, "%d pages, %d changes over the %.0f days measured, %.0f fetches a day\n",
			rows[0].Pages, rows[0].Changes, measured.Hours()/24, rows[0].Budget)
	}
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "policy\tfreshness\tage (min)\tfetches\tchanges unseen\t")
	for _, m := range rows {
		age, unseen := fmt.Sprintf("%.0f", m.AgeMin), fmt.Sprint(m.Unseen)
		if m.Policy == sim.Clairvoyant {
			age, unseen = "-", "-" // the bound is on freshness only
		}
		fmt.Fprintf(w, "%s\t%.3f\t%s\t%d\t%s\t\n", m.Policy, m.Freshness, age, m.Fetches, unseen)
	}
	return w.Flush()
}
