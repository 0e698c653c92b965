package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"vigil"
	"vigil/account"
	"vigil/clock"
	"vigil/fetch"
	"vigil/monitor"
	"vigil/plan"
	"vigil/store"
)

// Settings of the monitor that runs beside the clients: every loopback
// feed publishes an item every itemEvery, and is fetched at most every
// minInterval, so the monitor keeps writing throughout the run.
const (
	itemEvery      = 2 * time.Second
	minInterval    = 5 * time.Second
	monitorWorkers = 4
	feedWindow     = 20
)

// startMonitor serves o.monitor feeds on o.monitorAddr, subscribes the user
// "watcher" to them, and runs the real monitor over st until the returned
// function is called; that function returns how many fetches were stored.
func startMonitor(ctx context.Context, st store.Store, o options, log *slog.Logger) (func() int, error) {
	ln, err := net.Listen("tcp", o.monitorAddr)
	if err != nil {
		return nil, fmt.Errorf("unable to serve the loopback feeds: %w", err)
	}
	feeds := &http.Server{Handler: feedHandler(time.Now())}
	go feeds.Serve(ln)
	start := time.Now()
	if err := watchFeeds(ctx, st, "http://"+ln.Addr().String(), o.monitor, start); err != nil {
		feeds.Close()
		return nil, err
	}
	mon, err := newMonitor(st, log)
	if err != nil {
		feeds.Close()
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { mon.Run(ctx) })
	return func() int {
		cancel()
		wg.Wait()
		feeds.Close()
		n, _ := st.CountFetchesSince(context.Background(), start)
		return n
	}, nil
}

// watchFeeds subscribes the user "watcher" to n loopback feeds, due now.
func watchFeeds(ctx context.Context, st store.Store, base string, n int, now time.Time) error {
	u, err := st.UserByName(ctx, "watcher")
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		u, err = newUser(ctx, st, "watcher", account.HashToken(loadToken+"-watcher"))
	}
	if err != nil {
		return err
	}
	for i := range n {
		sub, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("%s/feed/%d", base, i), 1, now)
		if err != nil {
			return err
		}
		if err := st.SetNextFetch(ctx, sub.Feed.ID, now); err != nil {
			return err
		}
	}
	return nil
}

// newMonitor wires the real monitor with loopback fetching allowed, no
// politeness gap (every feed is on one host) and short intervals.
func newMonitor(st store.Store, log *slog.Logger) (*monitor.Monitor, error) {
	clk := clock.Wall{}
	return monitor.New(monitor.Deps{
		Store:   st,
		Client:  fetch.New(fetch.Config{Timeout: 10 * time.Second, AllowPrivate: true, Clock: clk}),
		Hosts:   fetch.NewHostLimiter(monitorWorkers, 0, clk),
		Planner: &plan.EWMA{Bounds: plan.Bounds{Min: minInterval, Max: time.Minute}},
		Clock:   clk,
		Logger:  log,
	}, monitor.Config{Workers: monitorWorkers, PerHost: monitorWorkers, Seed: 1})
}

// feedHandler serves /feed/N: an RSS feed of its latest feedWindow items,
// a new one every itemEvery since start.
func feedHandler(start time.Time) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /feed/{n}", func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(r.PathValue("n"))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		latest := int(time.Since(start) / itemEvery)
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprintf(w, `<?xml version="1.0"?><rss version="2.0"><channel><title>loopback %d</title>`, n)
		for k := latest; k > latest-feedWindow && k >= 0; k-- {
			at := start.Add(time.Duration(k) * itemEvery).UTC().Format(time.RFC1123Z)
			fmt.Fprintf(w, `<item><guid>%d-%d</guid><title>Item %d</title><description>item %d of feed %d</description><pubDate>%s</pubDate></item>`,
				n, k, k, k, n, at)
		}
		fmt.Fprint(w, `</channel></rss>`)
	})
	return mux
}
