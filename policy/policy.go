package policy

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"vigil/plan"
)

// Policy plans fetches for many sources under a shared budget.
type Policy interface {
	// Name is the policy's name in configuration and reports.
	Name() string
	// Plan recomputes the plan for all sources at now. Policies that decide
	// one source at a time only calibrate themselves to the budget.
	Plan(srcs []*Source, now time.Time) error
	// Next returns when to fetch s next, after a fetch (or a plan) at now;
	// always after now. Server hints are applied by the caller.
	Next(s *Source, now time.Time) time.Time
}

// Config is shared by every policy.
type Config struct {
	// PerDay is the budget: fetches per day over all sources.
	PerDay float64
	// MinInterval and MaxInterval bound the interval between two fetches of
	// a source: no policy fetches a source more often than every
	// MinInterval, and the allocation gives every source at least one fetch
	// per MaxInterval so that it can still be learned.
	MinInterval, MaxInterval time.Duration
	// Seed staggers sources deterministically.
	Seed uint64
	// OwnRule makes the policies that decide one source at a time (ewma,
	// periodic, learned, content) follow their own rule, a fetch when one
	// new item is expected (θ = 1; for learned and content Roitman et al.'s
	// T_prev + 1/λ), instead of calibrating θ to the budget: how Roitman et
	// al. §5.4 compare probes used. The budget still caps them.
	OwnRule bool
	// Slot is how often the selecting policies (learned-greedy and the
	// like) pick the sources to fetch; 0 means an hour.
	Slot time.Duration
	// Refine, when set, replaces the monitoring rates the selecting
	// policies rank sources by, keyed by source ID, with refined ones
	// (Roitman et al. Eq. 10, profile.Similarity.Refine).
	Refine func(rates map[int64]float64) map[int64]float64 `json:"-"`
	// ClusterAbove is the number of sources above which placements are
	// computed once per pattern cluster instead of once per source; 0 means
	// 1000, a negative value never clusters.
	ClusterAbove int
	// Tracking sets accrued's estimators of each source's time-varying
	// rate; the zero value is DefaultTracking.
	Tracking Tracking
	// Access sets how readers' access patterns are learned (the user
	// policy's u); the zero value is DefaultAccess.
	Access AccessModel
	// SqrtAllocation makes the user policy split the budget as Sia &
	// Cho's Theorem 1 does for evenly spaced fetches (by sqrt(u_i·λ_i))
	// instead of by the costs of the fetches as they are placed
	// (placedShares).
	SqrtAllocation bool
}

// DefaultConfig fetches at most every 5 minutes and at least weekly.
var DefaultConfig = Config{MinInterval: 5 * time.Minute, MaxInterval: 7 * 24 * time.Hour}

// withBudget returns c with PerDay set.
func (c Config) withBudget(perDay float64) Config {
	c.PerDay = perDay
	return c
}

// Validate reports a configuration that cannot be planned with.
func (c Config) Validate() error {
	switch {
	case !(c.PerDay > 0) || math.IsInf(c.PerDay, 0):
		return fmt.Errorf("policy: the budget must be a positive number of fetches per day, got %v", c.PerDay)
	case c.MinInterval <= 0 || c.MaxInterval < c.MinInterval:
		return fmt.Errorf("policy: need 0 < min interval (%v) ≤ max interval (%v)", c.MinInterval, c.MaxInterval)
	case c.Slot < 0:
		return fmt.Errorf("policy: the selection slot must not be negative, got %v", c.Slot)
	}
	if err := c.Tracking.validate(); err != nil {
		return err
	}
	if err := c.Access.validate(); err != nil {
		return err
	}
	return nil
}

// constructors maps each policy's name to its constructor.
var constructors = map[string]func(Config) Policy{
	"uniform":  func(c Config) Policy { return newScheduled("uniform", c, uniformStrategy) },
	"alloc":    func(c Config) Policy { return newScheduled("alloc", c, allocStrategy) },
	"place":    func(c Config) Policy { return newScheduled("place", c, placeStrategy) },
	"combined": func(c Config) Policy { return newScheduled("combined", c, combinedStrategy) },
	"user":     func(c Config) Policy { return newScheduled("user", c, userStrategy) },
	"ewma":     func(c Config) Policy { return newThreshold("ewma", c, expectEWMA) },
	"periodic": func(c Config) Policy { return newThreshold("periodic", c, expectPeriodic) },
	"learned":  func(c Config) Policy { return newThreshold("learned", c, expectLearned) },
	"content":  func(c Config) Policy { return newThreshold("content", c, expectNovel) },

	"learned-greedy": func(c Config) Policy { return newSelector("learned-greedy", c, learnedRate, false) },
	"learned-fair":   func(c Config) Policy { return newSelector("learned-fair", c, learnedRate, true) },
	"content-greedy": func(c Config) Policy { return newSelector("content-greedy", c, (*Models).NovelRate, false) },
	"content-fair":   func(c Config) Policy { return newSelector("content-fair", c, (*Models).NovelRate, true) },

	"miniflux":      func(c Config) Policy { return &perSource{name: "miniflux", cfg: c, rule: minifluxRule} },
	"commafeed":     func(c Config) Policy { return &perSource{name: "commafeed", cfg: c, rule: commafeedRule} },
	"newsblur":      func(c Config) Policy { return &perSource{name: "newsblur", cfg: c, rule: newsblurRule} },
	"nutch":         func(c Config) Policy { return &perSource{name: "nutch", cfg: c, rule: nutchRule} },
	"cgm-freshness": func(c Config) Policy { return &cgm{name: "cgm-freshness", cfg: c, alloc: plan.CGMFreshness} },
	"cgm-age":       func(c Config) Policy { return &cgm{name: "cgm-age", cfg: c, alloc: plan.CGMAge} },
	"accrued":       func(c Config) Policy { return newAccrued(c) },
	"accrued-freshness": func(c Config) Policy {
		p := newAccrued(c)
		p.name, p.pageFresh = "accrued-freshness", true
		return p
	},
}

// Content tells whether the named policy plans by the rate of novel items,
// which needs channel profiles (Roitman et al. §5.3).
func Content(name string) bool {
	return name == "content" || name == "content-greedy" || name == "content-fair"
}

// Scheduled tells whether the named policy plans whole days (uniform,
// alloc, place, combined, user): it reads each source's models when it
// plans, and its plans alone when it is asked for a source's next fetch.
func Scheduled(name string) bool {
	mk, ok := constructors[name]
	if !ok {
		return false
	}
	_, is := mk(DefaultConfig.withBudget(1)).(*scheduled)
	return is
}

// New returns the named policy, or an error listing the names.
func New(name string, c Config) (Policy, error) {
	mk, ok := constructors[name]
	if !ok {
		return nil, fmt.Errorf("policy: unknown policy %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return mk(c), nil
}

// Names lists the policies New knows, sorted.
func Names() []string {
	names := make([]string, 0, len(constructors))
	for n := range constructors {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
