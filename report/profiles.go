package report

import (
	"context"
	"fmt"
	"slices"

	"vigil/policy"
	"vigil/sim"
)

// ProfileOptions are the sweeps of a profile report, after Roitman et al.
// §5.4 and §6.3; nil fields take the defaults below.
type ProfileOptions struct {
	// Betas are the novelty thresholds of the β sweeps (Figs. 5-6, 11).
	Betas []float64
	// Windows are the profile windows k of the window sweeps (Figs. 7, 10).
	Windows []float64
	// Budgets are the budgets B of the budget sweeps (Figs. 9, 12).
	Budgets []float64
	// FreeBudget is the budget the single-channel runs get: large, so
	// that the rule T_prev + 1/λ decides the probes, not the budget.
	FreeBudget float64
	// Jobs and Progress are as in Options.
	Jobs     int
	Progress func(done, total int, label string)
}

// Default sweeps: β around the paper's 0 and 0.1, k around its 20, B
// around one fetch per source per day (Roitman et al.'s M of 4-8 channels
// of 132 each hour is 0.7-1.5 a day).
var (
	DefaultProfileBetas   = []float64{-1, -0.5, -0.25, 0, 0.1, 0.25, 0.5, 1}
	DefaultProfileWindows = []float64{5, 10, 20, 40}
	DefaultProfileBudgets = []float64{0.25, 0.5, 1, 2}
)

// The selecting policies of Roitman et al. §6.1, and the single-channel
// pair of §5.4.
var (
	selectingPolicies = []string{"learned-greedy", "learned-fair", "content-greedy", "content-fair"}
	singlePolicies    = []string{"learned", "content"}
)

// ProfileRow is one run of a profile sweep.
type ProfileRow struct {
	// The run's settings: budget, β, profile window, refinement, and
	// whether the policy followed its own rule (the single-channel runs).
	BudgetPerSource float64 `json:"budget_per_source"`
	Beta            float64 `json:"beta"`
	Window          int     `json:"window"`
	Refine          bool    `json:"refine,omitempty"`
	OwnRule         bool    `json:"own_rule,omitempty"`
	sim.Metrics
}

// setting is one run to make, before its metrics are known.
type setting struct {
	policy  string
	budget  float64
	beta    float64
	window  int
	refine  bool
	ownRule bool
}

func (o ProfileOptions) resolve() ProfileOptions {
	if o.Betas == nil {
		o.Betas = DefaultProfileBetas
	}
	if o.Windows == nil {
		o.Windows = DefaultProfileWindows
	}
	if o.Budgets == nil {
		o.Budgets = DefaultProfileBudgets
	}
	if o.FreeBudget == 0 {
		o.FreeBudget = 48
	}
	return o
}

// settings lists every run the sweeps need, each once.
func (o ProfileOptions) settings() []setting {
	var out []setting
	add := func(s setting) {
		if s = s.normal(); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for _, b := range o.Betas { // Figs. 5-6: single channel, k = 20
		for _, p := range singlePolicies {
			add(setting{policy: p, budget: o.FreeBudget, beta: b, window: 20, ownRule: true})
		}
	}
	for _, k := range o.Windows { // Fig. 7: single channel, β = 0.1
		for _, p := range singlePolicies {
			add(setting{policy: p, budget: o.FreeBudget, beta: 0.1, window: int(k), ownRule: true})
		}
	}
	for _, b := range o.Budgets { // Fig. 9: β = 0, k = 20
		for _, p := range selectingPolicies {
			add(setting{policy: p, budget: b, window: 20})
		}
	}
	for _, k := range o.Windows { // Fig. 10: B = 1, β = 0
		for _, p := range selectingPolicies {
			add(setting{policy: p, budget: 1, window: int(k)})
		}
	}
	for _, b := range o.Betas { // Fig. 11: B = 1, k = 20
		for _, p := range selectingPolicies[2:] {
			add(setting{policy: p, budget: 1, beta: b, window: 20})
		}
	}
	for _, beta := range []float64{0, 0.2} { // Fig. 12: content-fair ± refinement
		for _, b := range o.Budgets {
			for _, r := range []bool{false, true} {
				add(setting{policy: "content-fair", budget: b, beta: beta, window: 20, refine: r})
			}
		}
	}
	return out
}

// ProfileSweep runs every setting of the profile sweeps over srcs, whose
// postings must have terms, with base's period and training.
func ProfileSweep(ctx context.Context, srcs []sim.Source, base sim.Config, opt ProfileOptions) ([]ProfileRow, error) {
	opt = opt.resolve()
	if len(srcs) == 0 || srcs[0].Terms == nil {
		return nil, fmt.Errorf("report: a profile report needs the postings' text (a trace with titles)")
	}
	sets := opt.settings()
	tasks := make([]task, len(sets))
	for i, s := range sets {
		cfg := base
		cfg.Policy, cfg.PerDay, cfg.PerSource = s.policy, 0, s.budget
		cfg.Beta, cfg.ProfileWindow, cfg.Refine, cfg.NoQuality, cfg.NoDivergence = s.beta, s.window, s.refine, false, true
		cfg.PolicyConfig.OwnRule = s.ownRule
		tasks[i] = task{label: s.label(), budget: s.budget, cfg: cfg, srcs: srcs}
	}
	rows, err := runTasks(ctx, tasks, Options{Jobs: max(opt.Jobs, 1), Progress: opt.Progress})
	if err != nil {
		return nil, err
	}
	out := make([]ProfileRow, len(rows))
	for i, r := range rows {
		s := sets[i]
		out[i] = ProfileRow{BudgetPerSource: s.budget, Beta: s.beta, Window: s.window, Refine: s.refine, OwnRule: s.ownRule, Metrics: r.Metrics}
	}
	return out, nil
}

// normal returns s with β zeroed for the content-free policies, where it
// plays no part, so that one run serves every β.
func (s setting) normal() setting {
	if !policy.Content(s.policy) {
		s.beta = 0
	}
	return s
}

// label names a run in progress reports.
func (s setting) label() string {
	l := fmt.Sprintf("%s B=%g β=%g k=%d", s.policy, s.budget, s.beta, s.window)
	if s.refine {
		l += " refined"
	}
	return l
}
