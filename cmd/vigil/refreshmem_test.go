package main

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"vigil"
	"vigil/internal/benchsize"
)

// refreshFeeds is the size of the refresh cycle BenchmarkRefreshMemory
// measures (the aim is ≤ 32 MB for 5,000 feeds), unless VIGIL_REFRESH_FEEDS
// names another count (20000 shows what grows with the feeds).
const refreshFeeds = 5000

// refreshFeedCount is VIGIL_REFRESH_FEEDS, else refreshFeeds; 500 when the
// documentation's test runs the benchmark's command (internal/benchsize).
func refreshFeedCount(b *testing.B) int {
	if benchsize.Small() {
		return 500
	}
	v := os.Getenv("VIGIL_REFRESH_FEEDS")
	if v == "" {
		return refreshFeeds
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		b.Fatalf("VIGIL_REFRESH_FEEDS must be a positive count of feeds, got %q", v)
	}
	return n
}

// BenchmarkRefreshMemory measures the peak resident memory of one refresh
// cycle: a `vigil fetch --all` process over 5,000 loopback feeds on 50
// loopback hosts, each answering two new items of ~2 KB HTML, with 4
// concurrent fetches, on SQLite (the figure) and on PostgreSQL
// (which needs a server, see pgtest). The figure is the high-water mark of
// the process's resident set (VmHWM; see watchPeak), what
// /usr/bin/time -f %M prints when run from a shell, in MiB (KiB/1024) as
// "peak-MB". Run it with -benchtime 1x. It also reports the CPU time (user and system) the
// process spent. VIGIL_REFRESH_BIN names another vigil
// binary to measure instead, to compare two builds alternately in the same
// conditions; VIGIL_REFRESH_POLICY runs another policy than simple (the
// default, accrued, re-plans every feed first); VIGIL_REFRESH_FEEDS another
// count of feeds.
func BenchmarkRefreshMemory(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchmarkRefreshMemory(b, 0) })
	b.Run("postgres", func(b *testing.B) { benchmarkRefreshMemory(b, 1) })
}

// benchmarkRefreshMemory runs BenchmarkRefreshMemory on SQLite (workers 0)
// or PostgreSQL (as loadStore opens them).
func benchmarkRefreshMemory(b *testing.B, workers int) {
	body := html.EscapeString(strings.Repeat("<p>A paragraph of a realistic item body, with <a href=\"https://example.com/\">a link</a>.</p>", 24))
	feeds := refreshFeedCount(b)
	for range b.N {
		b.StopTimer()
		farm := &hostFarm{body: body, arrivals: map[string][]time.Time{}, requests: map[string]int{}, inflight: map[string]int{}}
		bases := farm.start(b, loadHosts)
		db, st := loadStore(b, workers)
		ctx := context.Background()
		u := &vigil.User{Name: "ann"}
		if err := st.CreateUser(ctx, u); err != nil {
			b.Fatal(err)
		}
		now := time.Now()
		for i := range feeds {
			if _, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("%s/f%d", bases[i%len(bases)], i), 1, now); err != nil {
				b.Fatal(err)
			}
		}
		st.Close()
		b.StartTimer()
		bin := vigilBin
		if other := os.Getenv("VIGIL_REFRESH_BIN"); other != "" {
			bin = other // another build, to compare alternately with this one
		}
		args := []string{"fetch", "--all", "--db", db, "--allow-private", "--host-gap", "0", "--workers", "4"}
		if p := os.Getenv("VIGIL_REFRESH_POLICY"); p != "" {
			args = append(args, "--policy", p) // accrued, the default, re-plans every feed at start
		} else {
			args = append(args, "--policy", "simple", "--min-interval", "1h")
		}
		cmd := exec.Command(bin, args...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		stop := make(chan struct{})
		peak := watchPeak(cmd.Process.Pid, stop)
		err := cmd.Wait()
		close(stop)
		watchedKiB := peak()
		if err != nil {
			b.Fatalf("vigil fetch: %v\n%s", err, out.Bytes())
		} else if !strings.Contains(out.String(), fmt.Sprintf("%d feed(s), 0 failed", feeds)) {
			b.Fatalf("vigil fetch did not fetch every feed:\n%s", out.Bytes())
		}
		b.StopTimer()
		ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok {
			b.Fatal("no resource usage for the fetch process")
		}
		if watchedKiB == 0 {
			b.Fatal("no VmHWM read from /proc for the fetch process")
		}
		b.ReportMetric(float64(watchedKiB)/1024, "peak-MB")
		cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		b.ReportMetric(cpu.Seconds(), "cpu-s")
	}
}
