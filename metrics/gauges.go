package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"vigil/store"
)

// budgetWindow is the sliding window of the fetch budget (as the
// monitor's).
const budgetWindow = time.Hour

// defaultScrapeTimeout bounds the store queries of one scrape.
const defaultScrapeTimeout = 5 * time.Second

// GaugeStore is what the gauges read: the fetches in the budget's window
// (Scheduling), the due backlog and the profiler's lag (Health).
type GaugeStore interface {
	store.Scheduling
	store.Health
}

// Gauges are where the gauges are read at each scrape; a nil field leaves
// its gauges out.
type Gauges struct {
	// Store answers the budget used, the due backlog and the profiler's lag.
	Store GaugeStore
	// Now tells the time; nil means time.Now.
	Now func() time.Time
	// BudgetPerHour is the global fetch budget; 0 means none, and the
	// limit and what is left are left out.
	BudgetPerHour int
	// ProfilerThrough returns the profiler's watermark (the last item
	// folded into profiles); nil when no profiler runs.
	ProfilerThrough func() int64
	// PlanDelay returns the expected delay of the current plan, and false
	// when the planner has none to tell.
	PlanDelay func() (time.Duration, bool)
	// Timeout bounds the store queries of one scrape; 0 means 5 s.
	Timeout time.Duration
}

// gaugeCollector reads the gauges when scraped.
type gaugeCollector struct {
	g                                  Gauges
	log                                *slog.Logger
	budget, used, left, due, lag, plan *prometheus.Desc
}

// newGaugeCollector returns the collector of g's gauges.
func newGaugeCollector(g Gauges, log *slog.Logger) *gaugeCollector {
	if g.Now == nil {
		g.Now = time.Now
	}
	if g.Timeout <= 0 {
		g.Timeout = defaultScrapeTimeout
	}
	desc := func(name, help string) *prometheus.Desc {
		return prometheus.NewDesc(prometheus.BuildFQName(namespace, "", name), help, nil, nil)
	}
	return &gaugeCollector{g: g, log: log,
		budget: desc("budget_fetches_per_hour", "The global fetch budget per sliding hour."),
		used:   desc("budget_used_fetches", "Fetches stored in the last hour, which the budget counts."),
		left:   desc("budget_left_fetches", "Fetches the budget allows in the current hour."),
		due:    desc("due_feeds", "Followed feeds due for a fetch now: the backlog."),
		lag:    desc("profiler_lag_items", "Stored items not yet folded into the channel profiles."),
		plan:   desc("plan_expected_delay_seconds", "Expected mean delay, per new item, of the current plan (Sia & Cho, Theorem 1)."),
	}
}

// Describe sends the descriptions of every gauge.
func (c *gaugeCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.budget, c.used, c.left, c.due, c.lag, c.plan} {
		ch <- d
	}
}

// Collect reads the gauges, leaving out (and logging) those whose query
// fails.
func (c *gaugeCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), c.g.Timeout)
	defer cancel()
	if c.g.Store != nil {
		c.collectStore(ctx, ch)
	}
	if c.g.PlanDelay != nil {
		if d, ok := c.g.PlanDelay(); ok {
			ch <- prometheus.MustNewConstMetric(c.plan, prometheus.GaugeValue, d.Seconds())
		}
	}
}

// collectStore reads the gauges that the store answers.
func (c *gaugeCollector) collectStore(ctx context.Context, ch chan<- prometheus.Metric) {
	now := c.g.Now()
	gauge := func(d *prometheus.Desc, v int) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, float64(v))
	}
	if used, err := c.g.Store.CountFetchesSince(ctx, now.Add(-budgetWindow)); c.ok("budget used", err) {
		gauge(c.used, used)
		if c.g.BudgetPerHour > 0 {
			gauge(c.budget, c.g.BudgetPerHour)
			gauge(c.left, max(0, c.g.BudgetPerHour-used))
		}
	}
	if due, err := c.g.Store.CountDue(ctx, now); c.ok("due feeds", err) {
		gauge(c.due, due)
	}
	if c.g.ProfilerThrough != nil {
		if lag, err := c.g.Store.CountItemsAfter(ctx, c.g.ProfilerThrough()); c.ok("profiler lag", err) {
			gauge(c.lag, lag)
		}
	}
}

// ok logs a failed gauge query and reports whether there was none.
func (c *gaugeCollector) ok(what string, err error) bool {
	if err != nil {
		c.log.Error("metrics: unable to read a gauge", "gauge", what, "err", err)
	}
	return err == nil
}
