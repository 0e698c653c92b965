// Command vigil-load measures the item listing APIs under load: it fills a
// store (SQLite or PostgreSQL) with many items (or reuses one it filled
// before), serves the real API on loopback, and runs concurrent clients
// that page through a user's items by cursor, or sync as Google Reader
// apps do (--api reader), optionally while the real monitor fetches feeds
// served on loopback. It prints the latency percentiles of the requests.
//
// `vigil-load refresh` measures instead what refresh cycles cost on
// PostgreSQL (the CPU time of the application's process and of its
// database server processes): a first refresh, an unchanged cycle and one
// where a tenth of the feeds changed, over a farm of loopback feeds, for a
// vigil binary and, with --peer-miniflux, a Miniflux binary beside it.
//
//	go run ./cmd/vigil-load --db /tmp/load.db --items 1000000 --feeds 500 --clients 20 --duration 30s
//	go run ./cmd/vigil-load --db /tmp/load.db --monitor 200
//	go run ./cmd/vigil-load --db /tmp/reader.db --api reader --items 100000 --feeds 5000 --other-feeds 0 --body-bytes 2000
//	go run ./cmd/vigil-load --db /tmp/tied.db --api reader --items 100000 --feeds 5000 --other-feeds 0 --dates tied
//	go run ./cmd/vigil-load refresh --vigil /tmp/vigil --peer-miniflux /tmp/miniflux
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/pprof"
	"slices"
	"time"

	"vigil/store"
	"vigil/store/postgres"
	"vigil/store/sqlite"
)

// APIs the clients can speak.
const (
	apiItems  = "items"  // vigil's own GET /api/items
	apiReader = "reader" // the Google Reader API's sync
)

// options are the command's flags.
type options struct {
	db          string
	api         string
	bodyBytes   int
	dates       string
	items       int
	feeds       int
	otherFeeds  int
	clients     int
	duration    time.Duration
	page        int
	depth       int
	monitor     int
	monitorAddr string
	seed        uint64
	cpuProfile  string
	think       time.Duration
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	run := run
	if len(os.Args) > 1 && os.Args[1] == "refresh" {
		run = func(ctx context.Context, args []string, out io.Writer) error { return runRefresh(ctx, args[1:], out) }
	}
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "vigil-load:", err)
		os.Exit(1)
	}
}

// parseOptions reads the flags.
func parseOptions(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("vigil-load", flag.ContinueOnError)
	fs.StringVar(&o.db, "db", "vigil-load.db", "the store to fill, or reuse when it was filled before: a SQLite file, or a postgres:// URL (which may name a schema with search_path)")
	fs.StringVar(&o.api, "api", apiItems, "what the clients request: items (pages of /api/items by cursor) or reader (a Google Reader sync: stream/items/ids of the reading list, 1,000 IDs, then stream/items/contents of --page of them at a time, up to --depth times)")
	fs.StringVar(&o.dates, "dates", datesDistinct, "publication times of the generated items: distinct (spread over the year before the fill), tied (every item published at one instant, as a farm that stamps every item alike) or undated (none: every item listed by when the fill first saw it, all at once)")
	fs.IntVar(&o.bodyBytes, "body-bytes", 0, "bytes of HTML in each generated item's content (0: one short sentence)")
	fs.IntVar(&o.items, "items", 1_000_000, "items to store, spread evenly over all feeds")
	fs.IntVar(&o.feeds, "feeds", 500, "feeds the measured user follows")
	fs.IntVar(&o.otherFeeds, "other-feeds", 500, "feeds only another user follows (their items are in the store, not the user's listing)")
	fs.IntVar(&o.clients, "clients", 20, "concurrent API clients")
	fs.DurationVar(&o.duration, "duration", 20*time.Second, "how long the clients run")
	fs.IntVar(&o.page, "page", 50, "items per page")
	fs.DurationVar(&o.think, "think", 0, "mean pause of a client between requests, drawn from an exponential distribution (0: none, each client sends its next request at once)")
	fs.IntVar(&o.depth, "depth", 20, "a client reads up to this many pages of a listing by cursor before starting another")
	fs.IntVar(&o.monitor, "monitor", 0, "feeds served on loopback that the monitor fetches during the run (0: no monitor)")
	fs.StringVar(&o.monitorAddr, "monitor-addr", "127.0.0.1:18089", "address of the loopback feed server")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the clients' choices")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the measured run (server and clients) to this file")
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case o.items < 1 || o.feeds < 1 || o.otherFeeds < 0 || o.clients < 1 || o.page < 1 || o.depth < 1 || o.monitor < 0:
		return o, errors.New("--items, --feeds, --clients, --page and --depth must be positive, --other-feeds and --monitor not negative")
	case o.duration <= 0 || o.think < 0:
		return o, errors.New("--duration must be positive and --think not negative")
	case o.api != apiItems && o.api != apiReader:
		return o, fmt.Errorf("--api must be %s or %s, not %q", apiItems, apiReader, o.api)
	case o.bodyBytes < 0:
		return o, errors.New("--body-bytes must not be negative")
	case !slices.Contains(dateKinds, o.dates):
		return o, fmt.Errorf("--dates must be one of %v, not %q", dateKinds, o.dates)
	}
	return o, nil
}

// run fills or reuses the store, serves it, and measures.
func run(ctx context.Context, args []string, out io.Writer) error {
	o, err := parseOptions(args)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, o)
	if err != nil {
		return err
	}
	defer st.Close()
	fx, err := prepare(ctx, st, o, out)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	// The clients' requests that the end of the run cuts off would each log
	// an error: the server logs nothing.
	base, stopServer, err := serve(st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return err
	}
	defer stopServer()
	stopMonitor := func() int { return 0 }
	if o.monitor > 0 {
		if stopMonitor, err = startMonitor(ctx, st, o, log); err != nil {
			return err
		}
	}
	stopProfile, err := startProfile(o.cpuProfile)
	if err != nil {
		return err
	}
	res, err := measure(ctx, base, fx, o)
	stopProfile()
	if err != nil {
		return err
	}
	res.fetches, res.monitors = stopMonitor(), o.monitor > 0
	res.print(out, o)
	return nil
}

// storeName names the store the run fills or reuses, without the
// password a URL may hold.
func (o options) storeName() string {
	if postgres.IsURL(o.db) {
		return "the PostgreSQL database"
	}
	return o.db
}

// openStore opens the store of --db: PostgreSQL for a postgres:// URL,
// else a SQLite file.
func openStore(ctx context.Context, o options) (store.Store, error) {
	if postgres.IsURL(o.db) {
		return postgres.Open(ctx, o.db)
	}
	return sqlite.Open(o.db)
}

// startProfile starts a CPU profile into path, when it is not "", and
// returns the function that ends it.
func startProfile(path string) (func(), error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
