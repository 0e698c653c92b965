package main

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	simreport "vigil/report"
	"vigil/sim"
	"vigil/trace"
)

// runSimReport runs every policy over a range of budgets and writes the
// evaluation report (report.md, results.json and SVG plots) into --out.
func runSimReport(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "sim report", "", "Run every policy over a range of budgets and write report.md, results.json and SVG plots.")
	tracePath := f.String("trace", "", "posting trace `file` (TSV, plain or gzip)")
	usersPath := f.String("users", "", "reader access `file` (a row naming a source is a look at that source alone), replayed onto the trace's period unless taken over it")
	out := f.String("out", "", "`directory` to write the report into")
	budgets := f.String("budgets", "0.5,1,2,4,8", "mean fetches per source per day to run, comma-separated")
	policies := f.String("policies", "all", "policies to run, comma-separated, or all")
	shapePolicy := f.String("shape-policy", "uniform", "policy run per source shape for the divergence plot; none to skip")
	jobs := f.Int("jobs", runtime.NumCPU(), "runs at once")
	train := f.Duration("train", sim.DefaultTrain, "first part used only to learn")
	online := f.Bool("online", false, "measure from the start with empty models (no training part)")
	window := f.Int("feed-window", 15, "postings a feed shows when the trace gives no window (W)")
	profiles := f.Bool("profiles", false, "instead, sweep β, the profile window and the budget for the profile-quality policies (Roitman et al.) and write profiles.md; needs titles")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	if *profiles {
		return runProfileReport(ctx, e, args, *tracePath, *out, *jobs, *train, *window)
	}
	opt, err := reportOptions(*tracePath, *out, *budgets, *policies, *shapePolicy, *jobs, *window)
	if err != nil {
		return err
	}
	posts, readers, err := loadSimInputs(*tracePath, *usersPath)
	if err != nil {
		return err
	}
	m := newMeter(e.stderr, "sim report", 0)
	opt.Progress = progress(m)
	base := sim.Config{Train: *train, Online: *online, DefaultWindow: *window, Start: posts.Start, End: posts.End, NoQuality: true}
	runs, kept, err := runDir(*out, base, *tracePath, *usersPath)
	if err != nil {
		return err
	}
	if kept > 0 {
		fmt.Fprintf(e.stdout, "resuming: %d finished run(s) kept in %s\n", kept, runs)
	}
	opt.Runs = runs
	began := time.Now()
	rows, err := simreport.Sweep(ctx, simSources(posts), readers, base, opt)
	m.finish()
	if err != nil {
		return err
	}
	sum := reportSummary(args, *tracePath, *usersPath, posts, readers, base, opt)
	sum.Elapsed = time.Since(began)
	if err := simreport.Write(*out, sum, rows); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote the report of %d runs to %s in %s\n", len(rows), *out, sum.Elapsed.Round(time.Second))
	return nil
}

// runProfileReport runs the profile sweeps (report.ProfileSweep) over a
// trace with titles and writes profiles.md, profiles.json and the plots.
func runProfileReport(ctx context.Context, e *env, args []string, tracePath, out string, jobs int, train time.Duration, window int) error {
	switch {
	case tracePath == "":
		return usageError{"--trace is required"}
	case out == "":
		return usageError{"--out is required"}
	case jobs < 1:
		return usageError{"--jobs must be at least 1"}
	}
	posts, err := trace.ReadPostingsFile(tracePath)
	if err != nil {
		return err
	}
	srcs := simSources(posts)
	if err := analyzeTitles(srcs, posts); err != nil {
		return err
	}
	m := newMeter(e.stderr, "sim report --profiles", 0)
	opt := simreport.ProfileOptions{Jobs: jobs, Progress: progress(m)}
	base := sim.Config{Train: train, DefaultWindow: window, Start: posts.Start, End: posts.End}
	began := time.Now()
	rows, err := simreport.ProfileSweep(ctx, srcs, base, opt)
	m.finish()
	if err != nil {
		return err
	}
	sum := simreport.Summary{Command: "vigil sim report " + shellJoin(args), Trace: tracePath, Sources: len(posts.Sources), Postings: posts.Count(),
		Start: posts.Start, End: posts.End, Elapsed: time.Since(began),
		Mode:     fmt.Sprintf("models trained on the first %s, measured on the rest", span(train)),
		Budgets:  simreport.DefaultProfileBudgets,
		Policies: []string{"learned", "content", "learned-greedy", "learned-fair", "content-greedy", "content-fair"}}
	if err := simreport.WriteProfiles(out, sum, opt, rows); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote the profile report of %d runs to %s in %s\n", len(rows), out, sum.Elapsed.Round(time.Second))
	return nil
}

// reportOptions checks the flags and turns them into the sweep's options.
func reportOptions(tracePath, out, budgets, policies, shapePolicy string, jobs, window int) (simreport.Options, error) {
	var opt simreport.Options
	switch {
	case tracePath == "":
		return opt, usageError{"--trace is required"}
	case out == "":
		return opt, usageError{"--out is required"}
	case jobs < 1:
		return opt, usageError{"--jobs must be at least 1"}
	case window < 1:
		return opt, usageError{"--feed-window must be at least 1"}
	}
	for _, s := range strings.Split(budgets, ",") {
		b, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || !(b > 0) {
			return opt, usageError{fmt.Sprintf("--budgets: %q is not a positive number", s)}
		}
		opt.Budgets = append(opt.Budgets, b)
	}
	opt.Policies, opt.Jobs = simreport.DelayPolicies(), jobs
	if policies != "all" {
		opt.Policies = nil
		for _, p := range strings.Split(policies, ",") {
			p = strings.TrimSpace(p)
			if err := checkPolicy("--policies", p); err != nil {
				return opt, err
			}
			if slices.Contains(opt.Policies, p) {
				return opt, usageError{fmt.Sprintf("--policies names %q twice", p)}
			}
			opt.Policies = append(opt.Policies, p)
		}
	}
	if shapePolicy != "none" {
		if err := checkPolicy("--shape-policy", shapePolicy); err != nil {
			return opt, err
		}
		opt.ShapePolicy = shapePolicy
	}
	return opt, nil
}

// checkPolicy reports a policy name that is not known.
func checkPolicy(flag, name string) error {
	if !slices.Contains(simreport.AllPolicies(), name) {
		return usageError{fmt.Sprintf("%s: unknown policy %q: choose among %s", flag, name, strings.Join(simreport.AllPolicies(), ", "))}
	}
	return nil
}

// reportSummary describes the run for the report.
func reportSummary(args []string, tracePath, usersPath string, posts *trace.Postings, readers []sim.Reader, base sim.Config, opt simreport.Options) simreport.Summary {
	train := base.Train
	if train == 0 {
		train = sim.DefaultTrain
	}
	sum := simreport.Summary{
		Command: "vigil sim report " + shellJoin(args), Trace: tracePath, Users: usersPath,
		Sources: len(posts.Sources), Postings: posts.Count(), Readers: len(readers), Start: posts.Start, End: posts.End,
		Budgets: opt.Budgets, Policies: opt.Policies, ShapePolicy: opt.ShapePolicy,
		Traits: simreport.TraitsOf(simSources(posts), posts.Start, posts.End),
		Mode:   fmt.Sprintf("models trained on the first %s, measured on the rest; every source re-planned every %s", span(train), span(sim.DefaultPlanEvery)),
	}
	if base.Online {
		sum.Mode = "online: measured from the start, models starting empty"
	}
	for _, r := range readers {
		sum.Accesses += len(r.Accesses) + len(r.Looks)
	}
	if q := posts.Quantisation(); q.Quantised() {
		sum.Notes = append(sum.Notes, "The trace's times are quantised ("+describeQuantisation(q)+"): delays shorter than its grid are not measured, and the saturation floor and completeness weigh more than delay.")
	}
	return sum
}

// span writes a duration in days when it is whole days.
func span(d time.Duration) string {
	if d > 0 && d%(24*time.Hour) == 0 {
		return fmt.Sprintf("%d days", d/(24*time.Hour))
	}
	return d.String()
}

// shellJoin quotes the arguments that a shell would split or expand.
func shellJoin(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`*?[]{}()<>|&;#~") {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// progress returns the sweep's progress callback, drawing on m (nothing
// when m is nil: off a terminal).
func progress(m *meter) func(done, total int, label string) {
	return func(done, total int, label string) { m.set(done, total, label) }
}
