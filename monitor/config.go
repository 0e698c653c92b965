package monitor

import (
	"fmt"
	"time"
	"vigil/change"
	"vigil/plan"
)

// Config tunes the monitor. The zero value of a field means its default.
type Config struct {
	// Calendar places the reference versions of the pages' weekly and
	// monthly groups (its time zone's weeks and months); zero: UTC, Monday.
	Calendar change.Calendar
	// HTMLAsPage watches as a page a URL followed as a feed whose first
	// successful answer is an HTML page that is not a feed, instead of
	// failing it as an unreadable feed ("a URL that is not a feed").
	HTMLAsPage bool
	Workers    int // concurrent fetches; default 4
	// PerHost is how many workers the feeds of one host may hold at once,
	// fetching or waiting for the host; default 1. Give the host limiter
	// the same number: a host never takes more than its share of workers,
	// so a few slow hosts cannot stall the others.
	PerHost int
	// SlowAfter is how long a fetch runs before its worker is replaced,
	// so that slow sources do not hold the pool; default 5 s.
	SlowAfter     time.Duration
	BudgetPerHour int           // global fetches per sliding hour; 0: no budget
	Tick          time.Duration // how often the loop looks for due feeds; default 1 s
	Replan        time.Duration // how often a Replanner plans all feeds; default 24 h (see sim.DefaultPlanEvery)
	BackoffBase   time.Duration // first retry delay after a failure; default 5 min
	BackoffCap    time.Duration // longest retry delay; default 24 h
	BackoffJitter float64       // relative jitter of retry delays; default 0.2
	// StoreRetryBase is the wait before fetching again a feed whose fetch
	// could not be stored (a database error, not the feed's failure),
	// doubled at each such failure in a row up to StoreRetryCap; defaults
	// 15 s and 2 min.
	StoreRetryBase time.Duration
	StoreRetryCap  time.Duration
	BrokenAfter    time.Duration // failures lasting this long mark a feed broken; default 72 h
	GoneAfter      int           // consecutive 404/410 answers that mark a feed gone; default 5
	ThrottleDelay  time.Duration // wait after 429/503 without Retry-After; default 1 h
	// MaxHintDelay caps how far a server's Retry-After, Cache-Control,
	// Expires, RSS ttl or sy:updatePeriod may push a fetch, so that a hostile
	// or mistaken hint cannot silence a feed for months; default 7 days.
	MaxHintDelay time.Duration
	// PushVerify is the shortest interval of the verification polls of a
	// feed its WebSub hub feeds: the hub brings the items, and a poll
	// checks that it still does; default 6 h. Under a budget-splitting
	// policy a fed feed is polled every max(PushVerify, PushVerifyMultiple ×
	// the interval the policy would give it unfed), and those polls come
	// out of the budget before the others share it (plan.SplitPlan).
	PushVerify time.Duration
	// PushVerifyMultiple is plan.Verification.Multiple: 0 means
	// plan.DefaultVerifyMultiple (4); below 1 is refused, since a fed feed
	// would then be polled more often than unfed.
	PushVerifyMultiple float64
	// PushGrace is how old an item a verification poll finds must be
	// (by its publication date) to count as one the hub missed rather than
	// one it is about to push; default 10 min.
	PushGrace time.Duration
	Seed      uint64 // seeds the jitter, for reproducible runs
	// ExtractCacheBytes bounds the memory of the pages' latest extracts
	// kept between fetches (change.Document.Footprint); 0 means
	// DefaultExtractCacheBytes, a negative value keeps none.
	ExtractCacheBytes int64
}

func (c Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	if c.Workers == 0 {
		c.Workers = 4
	}
	if c.PerHost == 0 {
		c.PerHost = 1
	}
	def(&c.Tick, time.Second)
	def(&c.SlowAfter, 5*time.Second)
	def(&c.Replan, 24*time.Hour)
	def(&c.BackoffBase, 5*time.Minute)
	def(&c.BackoffCap, 24*time.Hour)
	def(&c.StoreRetryBase, 15*time.Second)
	def(&c.StoreRetryCap, 2*time.Minute)
	def(&c.BrokenAfter, 72*time.Hour)
	def(&c.ThrottleDelay, time.Hour)
	def(&c.MaxHintDelay, 7*24*time.Hour)
	def(&c.PushVerify, plan.DefaultPushVerify)
	def(&c.PushGrace, 10*time.Minute)
	if c.BackoffJitter == 0 {
		c.BackoffJitter = 0.2
	}
	if c.GoneAfter == 0 {
		c.GoneAfter = 5
	}
	if c.ExtractCacheBytes == 0 {
		c.ExtractCacheBytes = DefaultExtractCacheBytes
	}
	c.ExtractCacheBytes = max(c.ExtractCacheBytes, 0)
	return c
}

// Validate reports the first setting that makes no sense.
func (c Config) Validate() error {
	switch {
	case c.Workers < 0:
		return fmt.Errorf("monitor: workers must be positive, got %d", c.Workers)
	case c.PerHost < 0:
		return fmt.Errorf("monitor: per-host workers must be positive, got %d", c.PerHost)
	case c.BudgetPerHour < 0:
		return fmt.Errorf("monitor: budget must be zero (none) or positive, got %d", c.BudgetPerHour)
	case c.BackoffJitter < 0 || c.BackoffJitter >= 1:
		return fmt.Errorf("monitor: backoff jitter must be in [0, 1), got %v", c.BackoffJitter)
	case c.GoneAfter < 0:
		return fmt.Errorf("monitor: gone-after must be positive, got %d", c.GoneAfter)
	case c.Tick < 0 || c.Replan < 0 || c.BackoffBase < 0 || c.BackoffCap < 0 || c.BrokenAfter < 0 || c.ThrottleDelay < 0 || c.MaxHintDelay < 0 ||
		c.PushVerify < 0 || c.PushGrace < 0:
		return fmt.Errorf("monitor: durations must not be negative")
	}
	if err := c.verification().Validate(); err != nil {
		return fmt.Errorf("monitor: %w", err)
	}
	return nil
}

// verification is the rule of fed feeds' verification polls.
func (c Config) verification() plan.Verification {
	return plan.Verification{Every: c.PushVerify, Multiple: c.PushVerifyMultiple}
}
