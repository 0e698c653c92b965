package main

import (
	"context"
	"fmt"
	"html"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"vigil"
	"vigil/store"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/sqlite"
)

// loadFeeds and loadHosts shape the load run: loopback feeds spread over
// loopback hosts (127.0.0.1 ...), each answer two new items of ~2 KB HTML.
const (
	loadFeeds = 10000
	loadHosts = 50
)

// BenchmarkLoad measures ingest throughput over the same 10,000 loopback
// feeds: one `vigil fetch --all` process on SQLite, and 1, 2 and 4
// `vigil worker` processes sharing PostgreSQL, each with 4 concurrent
// fetches and no host gap, timed from start until every feed's fetch is
// stored. Run it with -benchtime 1x (each iteration is a whole run).
func BenchmarkLoad(b *testing.B) {
	runs := []struct {
		name    string
		workers int // 0: SQLite, one process
	}{
		{"sqlite-1-process", 0},
		{"postgres-1-worker", 1},
		{"postgres-2-workers", 2},
		{"postgres-4-workers", 4},
	}
	body := html.EscapeString(strings.Repeat("<p>A paragraph of a realistic item body, with <a href=\"https://example.com/\">a link</a>.</p>", 24))
	for _, r := range runs {
		b.Run(r.name, func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				farm := &hostFarm{body: body, arrivals: map[string][]time.Time{}, requests: map[string]int{}, inflight: map[string]int{}}
				bases := farm.start(b, loadHosts)
				db, st := loadStore(b, r.workers)
				subscribeLoad(b, st, bases)
				b.StartTimer()
				start := time.Now()
				runLoad(b, db, r.workers)
				waitAllStored(b, st)
				elapsed := time.Since(start)
				b.StopTimer()
				st.Close()
				b.ReportMetric(float64(loadFeeds)/elapsed.Seconds(), "feeds/s")
			}
		})
	}
}

// loadStore opens a fresh store: a SQLite file, or a PostgreSQL schema.
func loadStore(b *testing.B, workers int) (string, store.Store) {
	name := filepath.Join(b.TempDir(), "v.db")
	var st store.Store
	var err error
	if workers == 0 {
		st, err = sqlite.Open(name)
	} else {
		// synchronous_commit=off: committed fetches survive the death of
		// any vigil process but not a crash of the database server, the
		// durability SQLite's synchronous=NORMAL gives.
		name = pgtest.Schema(b) + "&synchronous_commit=off"
		st, err = postgres.Open(context.Background(), name)
	}
	if err != nil {
		b.Fatal(err)
	}
	return name, st
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

// runLoad starts the processes of a run: `vigil fetch --all` on SQLite
// (waited for), or the workers on PostgreSQL (stopped when the run ends).
func runLoad(b *testing.B, db string, workers int) {
	common := []string{"--db", db, "--allow-private", "--host-gap", "0", "--workers", "4", "--policy", "simple", "--min-interval", "1h"}
	if workers == 0 {
		if out, err := exec.Command(vigilBin, append([]string{"fetch", "--all"}, common...)...).CombinedOutput(); err != nil {
			b.Fatalf("vigil fetch: %v\n%s", err, out)
		}
		return
	}
	for range workers {
		w := exec.Command(vigilBin, append([]string{"worker", "--no-profiler"}, common...)...)
		if err := w.Start(); err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() {
			w.Process.Signal(syscall.SIGTERM)
			w.Wait()
		})
	}
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
