package main

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/internal/benchsize"
	"vigil/store"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/sqlite"
)

// loadFeeds is how many loopback feeds the load run serves, each answer
// two new items of ~2 KB HTML: 10,000, or 500 when the documentation's
// test runs the benchmark's command (internal/benchsize).
var loadFeeds = benchsize.Pick(10000, 500)

// loadHosts is how many loopback hosts (127.0.0.1 ...) the feeds are
// spread over.
const loadHosts = 50

// loadLatencies are the load run's regimes: a farm that answers at once,
// where the run is bound by this machine's CPU, and one whose every
// answer waits 50 ms, as a distant server's would, where a process's
// fetchers spend most of their time waiting.
var loadLatencies = []time.Duration{0, 50 * time.Millisecond}

// BenchmarkLoad measures ingest throughput over the same loadFeeds loopback
// feeds: one `vigil fetch --all` process on SQLite, and 1, 2 and 4
// `vigil worker` processes sharing PostgreSQL, each with 4 concurrent
// fetches and no host gap, then one worker and one SQLite process with 16
// (as many as four workers'), timed from start until every feed's fetch is
// stored, once for each of loadLatencies (sub-benchmarks latency=0s and
// latency=50ms). Run it with -benchtime 1x (each iteration is a whole run).
//
// Besides feeds/s it reports:
//   - cpu-µs/feed: the CPU time the run's vigil processes and, on
//     PostgreSQL, their database server processes spent per feed (of which
//     server-cpu-µs/feed the server's); on a loaded machine it varies less
//     than the wall clock;
//   - machine-busy-pct: how busy the whole machine's cores were over the
//     run, from /proc/stat (this run, and any other work on the machine);
//   - run-busy-pct: the run's own share of every core (its vigil
//     processes, their database server processes, and this process with
//     the farm);
//   - farm-in-flight: how many requests the farm had in flight on average,
//     at most 4 per process, fewer by the share of its fetchers' time spent
//     outside the request (the database, the CPU);
//   - pct-of-sqlite, on PostgreSQL: the rate as a percentage of the same
//     regime's SQLite run.
//
// Each run checks that every feed was requested once and stored once.
func BenchmarkLoad(b *testing.B) {
	for _, latency := range loadLatencies {
		b.Run("latency="+latency.String(), func(b *testing.B) { benchmarkLoadAt(b, latency) })
	}
}

// benchmarkLoadAt runs BenchmarkLoad's four runs with a farm whose every
// answer waits latency.
func benchmarkLoadAt(b *testing.B, latency time.Duration) {
	runs := []struct {
		name     string
		workers  int // 0: SQLite, one process
		fetchers int // concurrent fetches per process
	}{
		{"sqlite-1-process", 0, 4},
		{"postgres-1-worker", 1, 4},
		{"postgres-2-workers", 2, 4},
		{"postgres-4-workers", 4, 4},
		// As many fetches at once as four workers, in one process.
		{"postgres-1-worker-16-fetchers", 1, 16},
		{"sqlite-1-process-16-fetchers", 0, 16},
	}
	body := html.EscapeString(strings.Repeat("<p>A paragraph of a realistic item body, with <a href=\"https://example.com/\">a link</a>.</p>", 24))
	var sqliteRate float64 // feeds/s of the SQLite run, 0 before it
	for _, r := range runs {
		b.Run(r.name, func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				farm := &hostFarm{body: body, latency: latency, arrivals: map[string][]time.Time{}, requests: map[string]int{}, inflight: map[string]int{}}
				bases := farm.start(b, loadHosts)
				db, st := loadStore(b, r.workers)
				subscribeLoad(b, st, bases)
				b.StartTimer()
				ticks, self := machineTicks(b), selfCPU(b)
				start := time.Now()
				stop := runLoad(b, db, r.workers, r.fetchers)
				waitAllStored(b, st)
				elapsed := time.Since(start)
				busy := busyPercent(ticks, machineTicks(b))
				self = selfCPU(b) - self
				b.StopTimer()
				vigilCPU, serverCPU := stop()
				checkLoadOnce(b, st, farm)
				st.Close()
				rate := float64(loadFeeds) / elapsed.Seconds()
				b.ReportMetric(rate, "feeds/s")
				b.ReportMetric(float64((vigilCPU+serverCPU).Microseconds())/float64(loadFeeds), "cpu-µs/feed")
				b.ReportMetric(busy, "machine-busy-pct")
				b.ReportMetric(sharePercent(vigilCPU+serverCPU+self, elapsed), "run-busy-pct")
				b.ReportMetric(farm.inFlight(elapsed), "farm-in-flight")
				if r.workers > 0 {
					b.ReportMetric(float64(serverCPU.Microseconds())/float64(loadFeeds), "server-cpu-µs/feed")
				}
				if r.workers == 0 && sqliteRate == 0 {
					sqliteRate = rate
				} else if sqliteRate > 0 {
					b.ReportMetric(100*rate/sqliteRate, "pct-of-sqlite")
				}
			}
		})
	}
}

// checkLoadOnce checks, once the run's processes have stopped, that every
// load feed was requested exactly once, never twice at a time, and that
// exactly one fetch per feed was stored.
func checkLoadOnce(b *testing.B, st store.Store, farm *hostFarm) {
	n, err := st.CountFetchesSince(context.Background(), time.Time{})
	if err != nil {
		b.Fatal(err)
	}
	if n != loadFeeds {
		b.Errorf("%d fetches stored, want one per feed, %d", n, loadFeeds)
	}
	farm.mu.Lock()
	defer farm.mu.Unlock()
	if len(farm.requests) != loadFeeds {
		b.Errorf("%d feeds requested, want %d", len(farm.requests), loadFeeds)
	}
	for feed, k := range farm.requests {
		if k != 1 {
			b.Errorf("feed %s requested %d times, want once", feed, k)
		}
	}
	if len(farm.overlaps) > 0 {
		b.Errorf("feeds with two requests in flight at once: %v", farm.overlaps)
	}
}

// inFlight is how many requests the farm had in flight on average over
// elapsed.
func (h *hostFarm) inFlight(elapsed time.Duration) float64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.serving.Seconds() / elapsed.Seconds()
}

// loadApp is the application name of the workers' database sessions, by
// which the load run finds their server processes.
const loadApp = "vigil-load-worker"

// loadStore opens a fresh store: a SQLite file, or a PostgreSQL schema. It
// returns the --db of the run's processes, whose PostgreSQL sessions carry
// the application name loadApp (the returned store's do not).
func loadStore(b *testing.B, workers int) (string, store.Store) {
	name := filepath.Join(b.TempDir(), "v.db")
	if workers == 0 {
		st, err := sqlite.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		return name, st
	}
	// synchronous_commit=off: committed fetches survive the death of
	// any vigil process but not a crash of the database server, the
	// durability SQLite's synchronous=NORMAL gives.
	name = pgtest.Schema(b) + "&synchronous_commit=off"
	st, err := postgres.Open(context.Background(), name)
	if err != nil {
		b.Fatal(err)
	}
	return name + "&application_name=" + loadApp, st
}

// subscribeLoad makes one user follow every load feed, spread over hosts.
func subscribeLoad(b *testing.B, st store.Store, bases []string) {
	ctx := context.Background()
	u := &vigil.User{Name: "ann"}
	if err := st.CreateUser(ctx, u); err != nil {
		b.Fatal(err)
	}
	now := time.Now()
	for i := range loadFeeds {
		if _, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("%s/f%d", bases[i%len(bases)], i), 1, now); err != nil {
			b.Fatal(err)
		}
	}
}

// runLoad starts the processes of a run, each with fetchers concurrent
// fetches: `vigil fetch --all` on SQLite (waited for), or the workers on
// PostgreSQL. It returns the function that
// stops them (once every fetch is stored) and returns the CPU time they
// and their database server processes spent.
func runLoad(b *testing.B, db string, workers, fetchers int) func() (vigilCPU, serverCPU time.Duration) {
	common := []string{"--db", db, "--allow-private", "--host-gap", "0", "--workers", strconv.Itoa(fetchers), "--policy", "simple", "--min-interval", "1h"}
	if workers == 0 {
		// Every core and the collector's target of the earlier runs: vigil
		// fetch's own defaults (--procs 1, --gc-percent 25) trade speed for
		// memory, and the baseline is SQLite at full speed. It opens SQLite
		// as vigil fetch does (sqlite.Lean).
		cmd := exec.Command(vigilBin, append([]string{"fetch", "--all", "--procs", "0", "--gc-percent", "50"}, common...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("vigil fetch: %v\n%s", err, out)
		}
		return func() (time.Duration, time.Duration) { return processCPU(cmd.ProcessState), 0 }
	}
	var procs []*exec.Cmd
	for range workers {
		w := exec.Command(vigilBin, append([]string{"worker", "--no-profiler"}, common...)...)
		if err := w.Start(); err != nil {
			b.Fatal(err)
		}
		procs = append(procs, w)
		b.Cleanup(func() {
			w.Process.Signal(syscall.SIGTERM)
			w.Wait()
		})
	}
	return func() (time.Duration, time.Duration) {
		server := serverCPU(b)
		var cpu time.Duration
		for _, w := range procs {
			w.Process.Signal(syscall.SIGTERM)
			w.Wait()
			cpu += processCPU(w.ProcessState)
		}
		return cpu, server
	}
}

// processCPU is the user and system CPU time of an ended process.
func processCPU(ps *os.ProcessState) time.Duration {
	return ps.UserTime() + ps.SystemTime()
}

// serverCPU sums the user and system CPU time of the database server
// processes of the workers' sessions so far (application name loadApp,
// on the same machine), from /proc.
func serverCPU(b *testing.B) time.Duration {
	conn, err := pgx.Connect(context.Background(), pgtest.Server())
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(context.Background())
	rows, err := conn.Query(context.Background(), `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`, loadApp)
	if err != nil {
		b.Fatal(err)
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		b.Fatal(err)
	}
	var total time.Duration
	for _, pid := range pids {
		total += procCPU(b, int(pid))
	}
	return total
}

// procCPU reads a process's user and system CPU time from /proc/PID/stat
// (fields 14 and 15, in clock ticks of 1/100 s on Linux).
func procCPU(b *testing.B, pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		b.Fatalf("reading the CPU time of server process %d: %v", pid, err)
	}
	// The command name, field 2, is in parentheses and may hold spaces.
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	var ticks int64
	for _, f := range fields[11:13] { // utime and stime: fields 14 and 15
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			b.Fatalf("parsing /proc/%d/stat: %v", pid, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}

// waitAllStored waits until every load feed has a stored fetch.
func waitAllStored(b *testing.B, st store.Store) {
	deadline := time.Now().Add(10 * time.Minute)
	for {
		n, err := st.CountFetchesSince(context.Background(), time.Time{})
		if err != nil {
			b.Fatal(err)
		}
		if n >= loadFeeds {
			return
		}
		if time.Now().After(deadline) {
			b.Fatalf("only %d of %d feeds stored in 10 minutes", n, loadFeeds)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
