package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// refreshOptions are the flags of `vigil-load refresh`.
type refreshOptions struct {
	feeds, perFeed, bodyBytes int
	hosts                     int
	fetchers, runs, every     int
	vigil, miniflux, admin    string
	vigilArgs, prefix         string
}

// cycles of a refresh run, in order.
var refreshCycles = []string{"first", "unchanged", "changed"}

// parseRefreshOptions reads the flags of `vigil-load refresh`.
func parseRefreshOptions(args []string) (refreshOptions, error) {
	var o refreshOptions
	fs := flag.NewFlagSet("vigil-load refresh", flag.ContinueOnError)
	fs.IntVar(&o.feeds, "feeds", 5000, "loopback feeds the farm serves and each application follows")
	fs.IntVar(&o.hosts, "hosts", 50, "loopback hosts (127.0.0.1, 127.0.0.2 ...) the feeds are spread over")
	fs.IntVar(&o.perFeed, "items-per-feed", 20, "items each feed holds (5,000 feeds of 20: 100,000 items)")
	fs.IntVar(&o.bodyBytes, "body-bytes", 2000, "bytes of HTML in each item's description")
	fs.IntVar(&o.fetchers, "fetchers", 4, "concurrent fetches of each application (vigil's --workers, Miniflux's WORKER_POOL_SIZE)")
	fs.IntVar(&o.runs, "runs", 3, "runs of the three cycles, each on fresh databases")
	fs.IntVar(&o.every, "change-every", 10, "the changed cycle gives one feed in this many a new item (10: a tenth)")
	fs.StringVar(&o.vigil, "vigil", "", "the vigil binary to measure (go build -o /tmp/vigil ./cmd/vigil)")
	fs.StringVar(&o.vigilArgs, "vigil-args", "", "more flags of vigil fetch, separated by spaces")
	fs.StringVar(&o.miniflux, "peer-miniflux", "", "a Miniflux binary the user built, measured the same way beside vigil (none: vigil only)")
	fs.StringVar(&o.admin, "pg", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", "a PostgreSQL URL of a role that may create databases; each application gets a database of its own on that server")
	fs.StringVar(&o.prefix, "db-prefix", "refresh", "the databases are named this and _vigil or _miniflux, and made afresh (dropped first) for each run")
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case !dbName.MatchString(o.prefix):
		return o, fmt.Errorf("--db-prefix %q: letters, digits and _ only, a letter first", o.prefix)
	case o.vigil == "":
		return o, errors.New("--vigil must name the vigil binary to measure")
	case o.feeds < 1 || o.perFeed < 1 || o.fetchers < 1 || o.runs < 1 || o.every < 1 || o.hosts < 1 || o.hosts > 254 || o.bodyBytes < 0:
		return o, errors.New("--feeds, --items-per-feed, --fetchers, --runs and --change-every and --hosts (at most 254) must be positive, --body-bytes not negative")
	}
	return o, nil
}

// dbName is what --db-prefix may be.
var dbName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,40}$`)

// refreshers are the applications a run measures, vigil first.
func (o refreshOptions) refreshers() []refresher {
	apps := []refresher{&vigilRefresher{bin: o.vigil, admin: o.admin, prefix: o.prefix, fetchers: o.fetchers, feeds: o.feeds, extra: strings.Fields(o.vigilArgs)}}
	if o.miniflux != "" {
		apps = append(apps, &minifluxRefresher{bin: o.miniflux, admin: o.admin, prefix: o.prefix, fetchers: o.fetchers, feeds: o.feeds})
	}
	return apps
}

// cycleCost is what one refresh cycle of one application cost.
type cycleCost struct {
	app, cycle    string
	appCPU, dbCPU time.Duration
	backends      int
	wall          time.Duration
}

// total is the application's and its server processes' CPU time.
func (c cycleCost) total() time.Duration { return c.appCPU + c.dbCPU }

// runRefresh is `vigil-load refresh`: it serves a farm of loopback feeds
// and, for each run and each application, makes the application's
// database afresh, subscribes it to the farm's OPML, and measures three
// refresh cycles: the first (every feed new), an unchanged one (every feed
// answers 304), and one where a share of the feeds has a new item. It
// prints each cycle's CPU time, the application's process and its
// PostgreSQL server processes apart and together, and then the median and
// range of each over the runs and vigil's share of each peer's.
func runRefresh(ctx context.Context, args []string, out io.Writer) error {
	o, err := parseRefreshOptions(args)
	if err != nil {
		return err
	}
	farm, err := newRefreshFarm(o.feeds, o.perFeed, o.bodyBytes, o.hosts)
	if err != nil {
		return err
	}
	defer farm.close()
	dir, err := os.MkdirTemp("", "vigil-load-refresh")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	opmlFile := filepath.Join(dir, "farm.opml")
	if err := os.WriteFile(opmlFile, farm.opml(), 0o600); err != nil {
		return err
	}
	settings, err := serverSettings(ctx, o.admin)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, settings)
	fmt.Fprintf(out, "farm: %d feeds of %d items (%d items, ~%d B each) on %d loopback hosts\n", o.feeds, o.perFeed, o.feeds*o.perFeed, o.bodyBytes, o.hosts)
	fmt.Fprintf(out, "%-4s %-9s %-10s %9s %9s %9s %8s %9s %s\n", "run", "app", "cycle", "app-cpu-s", "db-cpu-s", "cpu-s", "backends", "wall-s", "requests")
	var costs []cycleCost
	for run := 1; run <= o.runs; run++ {
		for _, app := range o.refreshers() {
			got, err := refreshCyclesOf(ctx, app, farm, opmlFile, o, run, out)
			if err != nil {
				return fmt.Errorf("%s, run %d: %w", app.name(), run, err)
			}
			costs = append(costs, got...)
		}
	}
	printRefreshSummary(out, costs, o.refreshers())
	return nil
}

// refreshCyclesOf sets app up and measures its three cycles, printing each.
func refreshCyclesOf(ctx context.Context, app refresher, farm *refreshFarm, opmlFile string, o refreshOptions, run int, out io.Writer) ([]cycleCost, error) {
	if err := app.setup(ctx, opmlFile); err != nil {
		return nil, err
	}
	farm.counts() // the setup's requests, if any, are not a cycle's
	var costs []cycleCost
	for i, cycle := range refreshCycles {
		wantFull := map[string]int{"first": o.feeds, "unchanged": 0}[cycle]
		if cycle == "changed" {
			wantFull = farm.change(run*len(refreshCycles)+i, o.every)
		}
		c, err := measureCycle(ctx, app, o.admin)
		if err != nil {
			return nil, fmt.Errorf("%s cycle: %w", cycle, err)
		}
		c.cycle = cycle
		requests, full := farm.counts()
		if requests != o.feeds || full != wantFull {
			return nil, fmt.Errorf("%s cycle: %d requests, %d answered in full; want %d and %d", cycle, requests, full, o.feeds, wantFull)
		}
		fmt.Fprintf(out, "%-4d %-9s %-10s %9.2f %9.2f %9.2f %8d %9.1f %d (%d full)\n", run, c.app, cycle,
			c.appCPU.Seconds(), c.dbCPU.Seconds(), c.total().Seconds(), c.backends, c.wall.Seconds(), requests, full)
		costs = append(costs, c)
	}
	n, err := app.items(ctx)
	if err != nil {
		return nil, err
	}
	activity, err := tableActivity(ctx, o.admin, app.database())
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "%-4d %-9s stores %d items; its tables: %s\n", run, app.name(), n, activity)
	return costs, nil
}

// measureCycle runs one refresh of app while watching its database's
// server processes.
func measureCycle(ctx context.Context, app refresher, admin string) (cycleCost, error) {
	w, err := watchBackends(ctx, admin, app.database(), 20*time.Millisecond)
	if err != nil {
		return cycleCost{}, err
	}
	start := time.Now()
	appCPU, err := app.refresh(ctx)
	wall := time.Since(start)
	dbCPU, backends, werr := w.total(ctx)
	if err == nil {
		err = werr
	}
	return cycleCost{app: app.name(), appCPU: appCPU, dbCPU: dbCPU, backends: backends, wall: wall}, err
}

// printRefreshSummary prints, for each application and cycle, the median
// and range over the runs of the CPU time (application, server, both),
// and vigil's total as a share of each peer's, median over runs.
func printRefreshSummary(out io.Writer, costs []cycleCost, apps []refresher) {
	fmt.Fprintf(out, "\nmedian (range) over the runs, CPU-seconds:\n%-9s %-10s %-18s %-18s %-18s\n", "app", "cycle", "app", "db", "app+db")
	for _, app := range apps {
		for _, cycle := range refreshCycles {
			sel := selectCosts(costs, app.name(), cycle)
			fmt.Fprintf(out, "%-9s %-10s %-18s %-18s %-18s\n", app.name(), cycle,
				spread(sel, func(c cycleCost) time.Duration { return c.appCPU }),
				spread(sel, func(c cycleCost) time.Duration { return c.dbCPU }),
				spread(sel, cycleCost.total))
		}
	}
	for _, peer := range apps[1:] {
		for _, cycle := range refreshCycles {
			v, p := selectCosts(costs, "vigil", cycle), selectCosts(costs, peer.name(), cycle)
			var ratios []float64
			for i := range min(len(v), len(p)) {
				ratios = append(ratios, v[i].total().Seconds()/p[i].total().Seconds())
			}
			slices.Sort(ratios)
			fmt.Fprintf(out, "vigil / %s, %s: %.2fx (runs %.2f-%.2f)\n", peer.name(), cycle, ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1])
		}
	}
}

// selectCosts returns the costs of app's cycle, in run order.
func selectCosts(costs []cycleCost, app, cycle string) []cycleCost {
	var sel []cycleCost
	for _, c := range costs {
		if c.app == app && c.cycle == cycle {
			sel = append(sel, c)
		}
	}
	return sel
}

// spread formats the median and range of a figure over costs.
func spread(costs []cycleCost, of func(cycleCost) time.Duration) string {
	var xs []float64
	for _, c := range costs {
		xs = append(xs, of(c).Seconds())
	}
	slices.Sort(xs)
	return fmt.Sprintf("%.2f (%.2f-%.2f)", xs[len(xs)/2], xs[0], xs[len(xs)-1])
}
