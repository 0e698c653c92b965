package report

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"vigil/policy"
	"vigil/sim"
)

// DefaultBudgets are the mean fetches per source per day swept by default.
var DefaultBudgets = []float64{0.5, 1, 2, 4, 8}

// Options says what a sweep runs.
type Options struct {
	// Budgets are the mean fetches per source per day (B) to run; nil takes
	// DefaultBudgets.
	Budgets []float64
	// Policies are the policies to run (policy.Names() and sim.Clairvoyant);
	// nil takes DelayPolicies.
	Policies []string
	// ShapePolicy, when set, is also run over each group of sources of the
	// same daily shape at every budget, for the divergence plot.
	ShapePolicy string
	// Jobs is how many runs go at once; 0 takes runtime.NumCPU().
	Jobs int
	// Progress, when set, is called after each run with the runs done, the
	// total and the finished run's label; calls never overlap.
	Progress func(done, total int, label string)
	// Runs, when set, keeps each finished run as it completes and gives
	// back the runs an earlier, interrupted sweep finished, which are not
	// run again. Runs are known by their labels, so the store must belong
	// to one set of inputs and base configuration.
	Runs RunStore
}

// Row is one run of a sweep: a policy at a budget, over every source or
// over the sources of one shape.
type Row struct {
	// BudgetPerSource is B, the mean fetches per source per day.
	BudgetPerSource float64 `json:"budget_per_source"`
	// Shape is the daily shape of the sources run, "" for all of them.
	Shape string `json:"shape,omitempty"`
	sim.Metrics
}

// AllPolicies returns every policy name and the clairvoyant bound.
func AllPolicies() []string {
	return append(append(policy.Names(), sim.Oracles()...), sim.Clairvoyant)
}

// DelayPolicies returns the policies a delay report compares: those the
// live monitor can run (the profile-quality policies of Roitman et al.
// have their own report), the information-limited oracles and the
// clairvoyant bound.
func DelayPolicies() []string {
	var names []string
	for _, n := range policy.LiveNames() {
		// content runs live, but needs a trace with titles; a page variant
		// plans feeds as the policy it varies
		if !policy.Content(n) && !policy.PageVariant(n) {
			names = append(names, n)
		}
	}
	return append(append(names, sim.Oracles()...), sim.Clairvoyant)
}

// task is one run to do.
type task struct {
	label   string
	budget  float64
	shape   string
	cfg     sim.Config
	srcs    []sim.Source
	readers []sim.Reader
}

// Sweep runs every policy at every budget over the sources (with the
// readers, when given), from the base configuration whose Policy and budget
// it sets, then the shape policy over each shape group. The rows come
// budget by budget in the order of opt.Policies, then the shape rows
// shape by shape and budget by budget, whatever order the runs finish in.
func Sweep(ctx context.Context, srcs []sim.Source, readers []sim.Reader, base sim.Config, opt Options) ([]Row, error) {
	opt, err := opt.resolve()
	if err != nil {
		return nil, err
	}
	tasks := mainTasks(srcs, readers, base, opt)
	if opt.ShapePolicy != "" {
		groups, err := ShapeGroups(srcs, base.Start, base.End)
		if err != nil {
			return nil, err
		}
		tasks = append(tasks, shapeTasks(groups, base, opt)...)
	}
	return runTasks(ctx, tasks, opt)
}

// resolve fills the defaults and checks the options.
func (o Options) resolve() (Options, error) {
	if o.Budgets == nil {
		o.Budgets = DefaultBudgets
	}
	if o.Policies == nil {
		o.Policies = DelayPolicies()
	}
	if o.Jobs <= 0 {
		o.Jobs = runtime.NumCPU()
	}
	if len(o.Budgets) == 0 || len(o.Policies) == 0 {
		return o, errors.New("report: no budget or no policy to run")
	}
	for _, b := range o.Budgets {
		if !(b > 0) {
			return o, fmt.Errorf("report: budget %g is not positive", b)
		}
	}
	known := AllPolicies()
	for _, p := range append(slices.Clone(o.Policies), o.ShapePolicy) {
		if p != "" && !slices.Contains(known, p) {
			return o, fmt.Errorf("report: unknown policy %q", p)
		}
	}
	return o, nil
}

// mainTasks lists every policy at every budget over all sources.
func mainTasks(srcs []sim.Source, readers []sim.Reader, base sim.Config, opt Options) []task {
	var tasks []task
	for _, b := range opt.Budgets {
		for _, p := range opt.Policies {
			cfg := base
			cfg.Policy, cfg.PerDay, cfg.PerSource = p, 0, b
			cfg.NoDivergence = true // charted from the shape runs
			tasks = append(tasks, task{label: fmt.Sprintf("%s B=%g", p, b), budget: b, cfg: cfg, srcs: srcs, readers: readers})
		}
	}
	return tasks
}

// shapeTasks lists the shape policy at every budget over each shape group,
// without readers: the divergence errors do not depend on them.
func shapeTasks(groups []ShapeGroup, base sim.Config, opt Options) []task {
	var tasks []task
	for _, g := range groups {
		for _, b := range opt.Budgets {
			cfg := base
			cfg.Policy, cfg.PerDay, cfg.PerSource = opt.ShapePolicy, 0, b
			tasks = append(tasks, task{label: fmt.Sprintf("%s B=%g shape %s", opt.ShapePolicy, b, g.Shape), budget: b, shape: string(g.Shape), cfg: cfg, srcs: g.Sources})
		}
	}
	return tasks
}

// runTasks runs the tasks on opt.Jobs workers and returns their rows in
// task order; it stops starting runs once ctx is done or a run failed.
func runTasks(ctx context.Context, tasks []task, opt Options) ([]Row, error) {
	rows := make([]Row, len(tasks))
	errs := make([]error, len(tasks))
	next := make(chan int)
	var mu sync.Mutex
	var wg sync.WaitGroup
	done := 0
	for range min(opt.Jobs, len(tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				t := tasks[i]
				row, err := runTask(t, opt.Runs)
				mu.Lock()
				rows[i], errs[i] = row, err
				done++
				if opt.Progress != nil {
					opt.Progress(done, len(tasks), t.label)
				}
				mu.Unlock()
			}
		}()
	}
	feed(ctx, next, len(tasks), errs, &mu)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("report: a run failed: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("report: sweep interrupted: %w", err)
	}
	return rows, nil
}

// runTask runs one task, or takes its row from runs when an earlier sweep
// finished it, and keeps a new row in runs.
func runTask(t task, runs RunStore) (Row, error) {
	if runs != nil {
		row, ok, err := runs.Load(t.label)
		if err != nil || ok {
			return row, err
		}
	}
	m, err := sim.Run(t.cfg, t.srcs, t.readers)
	if err != nil {
		return Row{}, fmt.Errorf("%s: %w", t.label, err)
	}
	row := Row{BudgetPerSource: t.budget, Shape: t.shape, Metrics: m}
	if runs != nil {
		if err := runs.Save(t.label, row); err != nil {
			return Row{}, err
		}
	}
	return row, nil
}

// feed hands out task indices until all are given, ctx is done or a run
// has failed, then closes next.
func feed(ctx context.Context, next chan<- int, n int, errs []error, mu *sync.Mutex) {
	defer close(next)
	for i := range n {
		mu.Lock()
		failed := slices.ContainsFunc(errs, func(e error) bool { return e != nil })
		mu.Unlock()
		if failed {
			return
		}
		select {
		case next <- i:
		case <-ctx.Done():
			return
		}
	}
}
