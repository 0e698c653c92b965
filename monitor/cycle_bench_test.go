package monitor

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"vigil"
	"vigil/clock"
	"vigil/fetch"
	"vigil/policy"
	"vigil/store/sqlite"
)

// cpuSeconds is the process's user and system CPU time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// cycleFeeds is how many feeds BenchmarkUnchangedCycle1000 watches.
const cycleFeeds = 1000

// BenchmarkUnchangedCycle1000 measures `vigil fetch` over 1,000 feeds
// that all answer 304 Not Modified: one RunOnce (start-up re-plan, then a
// fetch of every feed on loopback, each stored with its observation) on a
// virtual clock an hour after the previous cycle, under the accrued policy
// as `vigil fetch` builds it. It reports CPU seconds per cycle (the
// target is at most 1) beside wall time, as the machine is shared.
func BenchmarkUnchangedCycle1000(b *testing.B) {
	ctx := context.Background()
	st, err := sqlite.Open(filepath.Join(b.TempDir(), "cycle.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	clk := clock.NewVirtual(t0)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", `"v1"`)
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, rss("", rssItem{r.URL.Path + "/1", "one", "x"}, rssItem{r.URL.Path + "/2", "two", "y"}))
	}))
	defer srv.Close()
	live, err := policy.NewLive("accrued", policy.Config{MinInterval: 5 * time.Minute, MaxInterval: 24 * time.Hour, Seed: 1}, 0.1, 0, 24)
	if err != nil {
		b.Fatal(err)
	}
	mon, err := New(Deps{
		Store:   st,
		Client:  fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second, Clock: clk}),
		Hosts:   fetch.NewHostLimiter(4, 0, clk),
		Planner: live,
		Clock:   clk,
		Logger:  slog.New(slog.DiscardHandler),
	}, Config{PerHost: 4})
	if err != nil {
		b.Fatal(err)
	}
	u := &vigil.User{Name: "ann", PasswordHash: "x", TokenHash: "t-ann"}
	if err := st.CreateUser(ctx, u); err != nil {
		b.Fatal(err)
	}
	for i := range cycleFeeds {
		if _, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("%s/f/%d", srv.URL, i), 1, clk.Now()); err != nil {
			b.Fatal(err)
		}
	}
	cycle := func() {
		clk.Advance(time.Hour)
		pass, err := mon.RunOnce(ctx, true)
		if err != nil || len(pass.Results) != cycleFeeds {
			b.Fatalf("cycle fetched %d feeds of %d: %v", len(pass.Results), cycleFeeds, err)
		}
	}
	cycle() // the first fetch of each feed brings its items and ETag
	b.ResetTimer()
	cpu := cpuSeconds()
	for range b.N {
		cycle()
	}
	b.ReportMetric((cpuSeconds()-cpu)/float64(b.N), "cpu-s/op")
}
