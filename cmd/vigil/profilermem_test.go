package main

import (
	"bytes"
	"database/sql"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Bounds of one BenchmarkProfilerCatchUp run; the environment variables
// named beside them change them.
const (
	profilerTimeout     = 20 * time.Minute // VIGIL_PROFILER_TIMEOUT: the whole catch-up
	profilerMaxRSSMiB   = 4096             // VIGIL_PROFILER_MAX_RSS_MIB: serve is killed above it
	profilerInterruptAt = 10 * time.Second // how far into the catch-up the interrupt comes at most
	profilerStopLimit   = time.Minute      // serve is killed when not stopped by then
	profilerWatchEvery  = 200 * time.Millisecond
	restartSampleAfter  = 5 * time.Second // --profile-every of the restart: its first sample comes then
)

// BenchmarkProfilerCatchUp is the acceptance measure of the profiler's
// catch-up over a backlog: `vigil serve` started on a SQLite store holding
// 5,000 feeds followed by one user and 100,000 stored items of ~3 KB of
// real English (see profilerStore; VIGIL_PROFILER_FEEDS and
// VIGIL_PROFILER_ITEMS change the sizes for quick runs) must stay under
// 200 MiB resident while its profiler folds every item into the channel
// profiles, must stop within 2 s of SIGTERM, and the profile tables must
// hold under 50 KB per channel. Run it with -benchtime 1x:
//
//	go test ./cmd/vigil -run '^$' -bench ProfilerCatchUp -benchtime 1x -timeout 60m
//
// Sub-benchmark catchup runs serve until the saved watermark reaches the
// last item, lets it settle (until it is idle, the first Sample done) and
// stops it; it reports peak-MiB (the high-water mark of the resident set,
// VmHWM, see watchPeak), catchup-s (start to the last item saved),
// settle-s, stop-s (SIGTERM to exit), cpu-s, items-folded, profiles (rows
// of profiles) and bytes-per-channel (the pages of the tables profiles,
// term_df and profiler and of their indexes, per SQLite's dbstat, divided
// by profiles), then starts serve again on the profiled store and reports
// restart-peak-MiB, its peak until it settles after its first similarity
// sample (loading every saved profile, then indexing them all again). Sub-benchmark interrupt starts serve on a fresh copy, sends
// SIGTERM 10 s into the catch-up (or once half the items are saved, if
// sooner) and reports interrupt-s (when it did), stop-s, peak-MiB and
// kept-items, the items the saved watermark covers after the exit, which
// must be more than none. Each run logs its figures too, so that a run
// failing a check still shows them.
//
// The feeds' URLs are loopback addresses nothing answers, which serve
// refuses to fetch without --allow-private, and their next fetches are a
// year away with --min-interval and --max-interval a year, so the monitor
// runs but fetches nothing (checked: no observation is added);
// VIGIL_PROFILER_NO_MONITOR=1 runs serve with --no-monitor instead.
// VIGIL_PROFILER_BIN names another vigil binary to measure, to compare
// builds. VIGIL_PROFILER_TIMEOUT (default 20m) bounds the catch-up, and
// VIGIL_PROFILER_MAX_RSS_MIB (default 4096) kills a serve that grows past
// it, failing the run with the figures so far. The store is built once
// (about 100 s at the full size) and kept in os.TempDir() for later runs;
// see profilerStore.
func BenchmarkProfilerCatchUp(b *testing.B) {
	b.Run("catchup", benchmarkProfilerCatchUp)
	b.Run("interrupt", benchmarkProfilerInterrupt)
}

// benchmarkProfilerCatchUp is BenchmarkProfilerCatchUp's full catch-up.
func benchmarkProfilerCatchUp(b *testing.B) {
	for range b.N {
		b.StopTimer()
		path := profilerStore(b)
		before := readProfilerDB(b, path)
		b.StartTimer()
		r := startProfilerServe(b, path)
		caught, done := r.waitThrough(b, before.lastItem, profilerEnvDuration(b, "VIGIL_PROFILER_TIMEOUT", profilerTimeout))
		var settled time.Duration
		if done {
			settled = r.settle(b, 2*time.Minute)
		}
		stop := r.terminate(b)
		b.StopTimer()
		after := readProfilerDB(b, path)
		perChannel := 0.0
		if after.profiles > 0 {
			perChannel = float64(after.profileBytes) / float64(after.profiles)
		}
		// The restart loads the 5,000 saved profiles; its first similarity
		// sample comes one --profile-every later, which settle waits past.
		again := startProfilerServe(b, path, "--profile-every", restartSampleAfter.String())
		time.Sleep(restartSampleAfter + time.Second)
		again.settle(b, 2*time.Minute)
		again.terminate(b)
		reportProfiler(b, map[string]float64{
			"peak-MiB":          float64(r.peakKiB) / 1024,
			"restart-peak-MiB":  float64(again.peakKiB) / 1024,
			"catchup-s":         caught.Seconds(),
			"settle-s":          settled.Seconds(),
			"stop-s":            stop.Seconds(),
			"cpu-s":             processCPU(r.cmd.ProcessState).Seconds(),
			"items-folded":      float64(after.folded),
			"profiles":          float64(after.profiles),
			"bytes-per-channel": perChannel,
		})
		checkNoFetch(b, before, after)
		if after.folded != before.items {
			b.Errorf("the profiler folded %d of %d items before stopping", after.folded, before.items)
		}
	}
}

// benchmarkProfilerInterrupt is BenchmarkProfilerCatchUp's interrupted
// catch-up.
func benchmarkProfilerInterrupt(b *testing.B) {
	for range b.N {
		b.StopTimer()
		path := profilerStore(b)
		before := readProfilerDB(b, path)
		b.StartTimer()
		r := startProfilerServe(b, path)
		interrupted, _ := r.waitThrough(b, before.lastItem/2, profilerInterruptAt)
		stop := r.terminate(b)
		b.StopTimer()
		after := readProfilerDB(b, path)
		reportProfiler(b, map[string]float64{
			"interrupt-s": interrupted.Seconds(),
			"stop-s":      stop.Seconds(),
			"peak-MiB":    float64(r.peakKiB) / 1024,
			"kept-items":  float64(after.folded),
		})
		checkNoFetch(b, before, after)
		switch {
		case after.folded == 0:
			b.Errorf("serve stopped %.1f s into the catch-up kept no folded item", interrupted.Seconds())
		case after.folded == before.items:
			b.Logf("the catch-up of %d items ended before the interrupt: stop-s is the stop of an idle profiler", before.items)
		}
	}
}

// reportProfiler reports the figures of one run, and logs them too, so
// that a run which fails a check still shows what it measured.
func reportProfiler(b *testing.B, figures map[string]float64) {
	b.Helper()
	var line strings.Builder
	for _, unit := range slices.Sorted(maps.Keys(figures)) {
		b.ReportMetric(figures[unit], unit)
		fmt.Fprintf(&line, " %.6g %s", figures[unit], unit)
	}
	b.Logf("measured:%s", line.String())
}

// serveRun is a `vigil serve` process under measure.
type serveRun struct {
	cmd     *exec.Cmd
	out     bytes.Buffer // its output; read only once it exited
	start   time.Time
	exited  chan struct{} // closed once the process has been waited for
	waitErr error
	ended   time.Time
	peakKiB int // the high-water mark of its resident set, once exited
	db      *sql.DB
	maxKiB  int
}

// startProfilerServe starts `vigil serve` on the SQLite file path,
// listening on a free loopback port, and follows its resident set
// (watchPeak). It opens a read-only connection of its own to path, to read
// the profiler's watermark.
func startProfilerServe(b *testing.B, path string, extra ...string) *serveRun {
	b.Helper()
	bin := vigilBin
	if other := os.Getenv("VIGIL_PROFILER_BIN"); other != "" {
		bin = other
	}
	args := []string{"serve", "--db", path, "--addr", "127.0.0.1:0", "--min-interval", "8760h", "--max-interval", "8760h"}
	args = append(args, extra...)
	if os.Getenv("VIGIL_PROFILER_NO_MONITOR") == "1" {
		args = append(args, "--no-monitor")
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	r := &serveRun{cmd: exec.Command(bin, args...), exited: make(chan struct{}), db: db,
		maxKiB: envPositive(b, "VIGIL_PROFILER_MAX_RSS_MIB", profilerMaxRSSMiB) * 1024}
	r.cmd.Env = append(os.Environ(), "VIGIL_ALLOW_PRIVATE=false")
	r.cmd.Stdout, r.cmd.Stderr = &r.out, &r.out
	if err := r.cmd.Start(); err != nil {
		b.Fatal(err)
	}
	r.start = time.Now()
	stop := make(chan struct{})
	peak := watchPeak(r.cmd.Process.Pid, stop)
	go func() {
		r.waitErr = r.cmd.Wait()
		r.ended = time.Now()
		close(stop)
		r.peakKiB = peak()
		close(r.exited)
	}()
	b.Cleanup(func() {
		select {
		case <-r.exited:
		default:
			r.cmd.Process.Kill()
			<-r.exited
		}
	})
	return r
}

// waitThrough waits until the saved watermark reaches item through and
// returns how long after the start it did, and true; after limit it
// returns the time so far and false. It fails the benchmark, killing serve, when serve exits
// or its resident set passes the cap (VIGIL_PROFILER_MAX_RSS_MIB).
func (r *serveRun) waitThrough(b *testing.B, through int64, limit time.Duration) (time.Duration, bool) {
	b.Helper()
	status := fmt.Sprintf("/proc/%d/status", r.cmd.Process.Pid)
	for {
		saved := r.watermark(b)
		elapsed := time.Since(r.start)
		if saved >= through || elapsed >= limit {
			return elapsed, saved >= through
		}
		if kib, ok := readHWM(status); ok && kib > r.maxKiB {
			r.kill()
			b.Fatalf("serve killed at %.0f MiB resident, %.1f s into the catch-up, with the watermark at item %d of %d",
				float64(kib)/1024, elapsed.Seconds(), saved, through)
		}
		select {
		case <-r.exited:
			b.Fatalf("serve exited during the catch-up (watermark at item %d of %d): %v\n%s", saved, through, r.waitErr, r.out.Bytes())
		case <-time.After(profilerWatchEvery):
		}
	}
}

// settle waits, at most limit, until serve spends under 2% of a CPU over
// a second (the profiler's work after the catch-up, such as the first
// Sample, is done) and returns how long it took.
func (r *serveRun) settle(b *testing.B, limit time.Duration) time.Duration {
	b.Helper()
	start := time.Now()
	last := procCPU(b, r.cmd.Process.Pid)
	for time.Since(start) < limit {
		select {
		case <-r.exited:
			b.Fatalf("serve exited after the catch-up: %v\n%s", r.waitErr, r.out.Bytes())
		case <-time.After(time.Second):
		}
		cpu := procCPU(b, r.cmd.Process.Pid)
		if cpu-last < 20*time.Millisecond {
			return time.Since(start)
		}
		last = cpu
	}
	b.Logf("serve still busy %v after the catch-up", limit)
	return time.Since(start)
}

// terminate sends serve SIGTERM and returns how long it took to exit; a
// serve that does not exit within profilerStopLimit is killed, and one
// that exits with an error fails the benchmark.
func (r *serveRun) terminate(b *testing.B) time.Duration {
	b.Helper()
	sent := time.Now()
	if err := r.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		b.Fatal(err)
	}
	select {
	case <-r.exited:
	case <-time.After(profilerStopLimit):
		r.kill()
		b.Fatalf("serve still running %v after SIGTERM: killed", profilerStopLimit)
	}
	if r.waitErr != nil {
		b.Errorf("serve stopped by SIGTERM: %v\n%s", r.waitErr, r.out.Bytes())
	}
	return r.ended.Sub(sent)
}

// kill ends serve at once and waits for it.
func (r *serveRun) kill() {
	r.cmd.Process.Kill()
	<-r.exited
}

// watermark reads the last item the profiler saved as folded.
func (r *serveRun) watermark(b *testing.B) int64 {
	b.Helper()
	var through int64
	if err := r.db.QueryRow(`SELECT through FROM profiler WHERE id = 1`).Scan(&through); err != nil {
		b.Fatalf("reading the profiler's watermark: %v", err)
	}
	return through
}

// profilerDB is what BenchmarkProfilerCatchUp reads of a store.
type profilerDB struct {
	items        int64 // stored items
	lastItem     int64 // the largest item ID
	folded       int64 // items at or below the saved watermark
	observations int64 // stored fetches
	profiles     int64 // rows of profiles
	profileBytes int64 // pages of profiles, term_df, profiler and their indexes
}

// profilerTables are the tables that hold the profiler's state.
var profilerTables = []any{"profiles", "term_df", "profiler"}

// readProfilerDB reads what BenchmarkProfilerCatchUp measures of the
// SQLite file path, which no process writes.
func readProfilerDB(b *testing.B, path string) profilerDB {
	b.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	var p profilerDB
	err = db.QueryRow(`SELECT (SELECT count(*) FROM items), (SELECT coalesce(max(id), 0) FROM items),
		(SELECT count(*) FROM items WHERE id <= (SELECT through FROM profiler WHERE id = 1)),
		(SELECT count(*) FROM observations), (SELECT count(*) FROM profiles)`).
		Scan(&p.items, &p.lastItem, &p.folded, &p.observations, &p.profiles)
	if err != nil {
		b.Fatalf("reading %s: %v", path, err)
	}
	// A WITHOUT ROWID table and its primary key index are one b-tree that
	// dbstat lists under the table's name only.
	err = db.QueryRow(`SELECT coalesce(sum(pgsize), 0) FROM dbstat
		WHERE name IN (SELECT name FROM sqlite_schema WHERE tbl_name IN (?, ?, ?))`, profilerTables...).Scan(&p.profileBytes)
	if err != nil {
		b.Fatalf("measuring the profile tables of %s: %v", path, err)
	}
	return p
}

// checkNoFetch fails the benchmark when serve fetched a feed: the measure
// is of the profiler alone.
func checkNoFetch(b *testing.B, before, after profilerDB) {
	b.Helper()
	if after.observations != before.observations || after.items != before.items {
		b.Errorf("serve fetched: %d observations and %d items before, %d and %d after",
			before.observations, before.items, after.observations, after.items)
	}
}

// profilerEnvDuration returns the duration the environment variable key holds,
// else def; anything but a positive duration there fails the benchmark.
func profilerEnvDuration(b *testing.B, key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		b.Fatalf("%s=%q: want a positive duration", key, v)
	}
	return d
}
