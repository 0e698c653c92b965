package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
)

// hostFarm serves feeds from several loopback addresses (127.0.0.1,
// 127.0.0.2, ...), each a host of its own for politeness, and records
// every request: when it arrived at which host, and which feeds had two
// requests in flight at once.
type hostFarm struct {
	slow     string        // the host whose answers are held
	hold     time.Duration // how long they are held
	body     string        // each item's description
	latency  time.Duration // how long every answer waits, as a distant server's would
	mu       sync.Mutex
	arrivals map[string][]time.Time // host → request arrivals
	requests map[string]int         // feed path → requests
	inflight map[string]int         // feed path → requests in flight
	overlaps []string               // feeds that had two requests in flight at once
	serving  time.Duration          // the time every request was in flight, summed
}

// ServeHTTP answers a feed with two items new at each request.
func (h *hostFarm) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	host, _, _ := net.SplitHostPort(r.Host)
	key := host + r.URL.Path
	arrived := time.Now()
	h.mu.Lock()
	h.arrivals[host] = append(h.arrivals[host], arrived)
	h.requests[key]++
	n := h.requests[key]
	h.inflight[key]++
	if h.inflight[key] > 1 {
		h.overlaps = append(h.overlaps, key)
	}
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		h.inflight[key]--
		h.serving += time.Since(arrived)
		h.mu.Unlock()
	}()
	wait := h.latency
	if host == h.slow {
		wait = h.hold
	}
	if wait > 0 {
		select {
		case <-time.After(wait):
		case <-r.Context().Done():
			return
		}
	}
	w.Header().Set("Content-Type", "application/rss+xml")
	fmt.Fprintf(w, `<rss version="2.0"><channel><title>%s</title><link>http://example.org/</link>`, key)
	for i := 2 * n; i > 2*n-2; i-- {
		fmt.Fprintf(w, `<item><guid>%s-%d</guid><title>Item %d</title><description>%s</description></item>`, key, i, i, h.body)
	}
	fmt.Fprint(w, `</channel></rss>`)
}

// start serves the farm on 127.0.0.k for k = 1..hosts and returns each
// host's base URL.
func (h *hostFarm) start(t testing.TB, hosts int) []string {
	var bases []string
	for k := 1; k <= hosts; k++ {
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.%d:0", k))
		if err != nil {
			t.Fatalf("listening on 127.0.0.%d: %v", k, err)
		}
		srv := &http.Server{Handler: h}
		go srv.Serve(ln)
		t.Cleanup(func() { srv.Close() })
		bases = append(bases, "http://"+ln.Addr().String())
	}
	return bases
}

// TestWorkersShareTheLoad runs 3 real worker processes over 2,000 loopback
// feeds on 10 hosts sharing one PostgreSQL database, with a host gap, and
// SIGKILLs one of them while it is fetching: every feed is fetched and
// stored exactly once (the killed worker's feeds by the others once its
// leases expire), no feed has two requests in flight at once, no host gets
// two requests within its gap, and nothing is stored twice.
func TestWorkersShareTheLoad(t *testing.T) {
	// Not parallel: it bounds how soon the killed worker's feeds are taken
	// over, which another heavy test beside it on two cores can overrun.
	if testing.Short() {
		t.Skip("runs worker processes for several seconds")
	}
	const (
		feeds, hosts, slowFeeds = 2000, 10, 6
		gap, lease, hold        = 20 * time.Millisecond, 4 * time.Second, time.Second
	)
	dsn := pgtest.Schema(t)
	farm := &hostFarm{slow: fmt.Sprintf("127.0.0.%d", hosts+1), hold: hold,
		arrivals: map[string][]time.Time{}, requests: map[string]int{}, inflight: map[string]int{}}
	bases := farm.start(t, hosts+1)
	db, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	subscribeFarm(t, db, bases, feeds, slowFeeds)

	args := []string{"worker", "--db", dsn, "--allow-private", "--policy", "simple", "--min-interval", "1h",
		"--host-gap", gap.String(), "--lease", lease.String(), "--timeout", "2s", "--workers", "4", "--no-profiler"}
	workers := make([]*exec.Cmd, 3)
	logs := make([]*bytes.Buffer, 3)
	for i := range workers {
		logs[i] = &bytes.Buffer{}
		workers[i] = exec.Command(vigilBin, args...)
		workers[i].Stderr = logs[i]
		if err := workers[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	defer func() {
		for _, w := range workers {
			w.Process.Signal(syscall.SIGTERM)
			w.Wait()
		}
		if t.Failed() {
			for i, l := range logs {
				t.Logf("worker %d:\n%s", i, l.String())
			}
		}
	}()
	victim, held, killedAt := killMidFetch(t, db, farm, workers)
	t.Logf("killed worker %d holding feeds %v", victim.Process.Pid, held)
	waitStored(t, db, feeds, 60*time.Second)
	checkTakenOver(t, db, held, killedAt, lease, hold, slowFeeds)
	checkFarm(t, farm, gap)
	checkOnce(t, db, feeds)
}

// subscribeFarm makes one user follow feeds feeds spread over the fast
// hosts, and slowFeeds on the last (slow) host.
func subscribeFarm(t *testing.T, db *postgres.DB, bases []string, feeds, slowFeeds int) {
	ctx := context.Background()
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for i := range feeds {
		base := bases[i%(len(bases)-1)]
		if i < slowFeeds {
			base = bases[len(bases)-1]
		}
		if _, err := db.Subscribe(ctx, u.ID, fmt.Sprintf("%s/f%d", base, i), 1, now); err != nil {
			t.Fatal(err)
		}
	}
}

// killMidFetch waits until one of the workers holds a lease on a feed of
// the slow host whose request the server is holding, SIGKILLs that worker,
// and returns it, the feeds it held and when it died. Any worker will do:
// which one the slow host's feeds go to is up to the race for their
// leases, and a chosen victim might never get one.
func killMidFetch(t *testing.T, db *postgres.DB, farm *hostFarm, workers []*exec.Cmd) (*exec.Cmd, []int64, time.Time) {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		for _, w := range workers {
			suffix := "-" + strconv.Itoa(w.Process.Pid)
			if farm.fetching(leasedURLs(t, db, suffix)) {
				w.Process.Signal(syscall.SIGKILL)
				w.Wait()
				return w, leasedBy(t, db, suffix), time.Now()
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("no worker ever held a lease on a slow feed while its request was in flight")
	return nil, nil, time.Time{}
}

// fetching reports whether a request of one of the feed URLs is in flight.
func (h *hostFarm) fetching(urls []string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, u := range urls {
		if h.inflight[strings.TrimPrefix(u, "http://")] > 0 {
			return true
		}
	}
	return false
}

// leasedURLs lists the URLs, without their port, of the feeds of the slow
// host leased by the worker whose name ends in suffix.
func leasedURLs(t *testing.T, db *postgres.DB, suffix string) []string {
	rows, err := db.Pool().Query(context.Background(),
		`SELECT regexp_replace(url, ':[0-9]+/', '/') FROM feeds
		 WHERE claimed_by LIKE '%' || $1 AND url LIKE 'http://127.0.0.11:%'`, suffix)
	if err != nil {
		t.Fatal(err)
	}
	urls, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return urls
}

// leasedBy lists the feeds of the slow host leased by the worker whose
// name ends in suffix.
func leasedBy(t *testing.T, db *postgres.DB, suffix string) []int64 {
	rows, err := db.Pool().Query(context.Background(),
		`SELECT id FROM feeds WHERE claimed_by LIKE '%' || $1 AND url LIKE 'http://127.0.0.11:%' ORDER BY id`, suffix)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	return ids
}

// waitStored waits until every feed has an observation.
func waitStored(t *testing.T, db *postgres.DB, feeds int, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for {
		var n int
		err := db.Pool().QueryRow(context.Background(), `SELECT count(DISTINCT feed_id) FROM observations`).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		if n == feeds {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %v only %d of %d feeds were fetched", limit, n, feeds)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// checkTakenOver verifies that the killed worker's feeds were stored by
// others, once each, and taken over within the lease time after the kill:
// each starts within the lease plus the time the slow host takes to answer
// every slow feed that may be queued before it (the host answers one at a
// time), with two seconds of slack for a busy machine.
func checkTakenOver(t *testing.T, db *postgres.DB, held []int64, killedAt time.Time, lease, hold time.Duration, slowFeeds int) {
	var starts []time.Time
	for _, id := range held {
		obs, err := db.Observations(context.Background(), id, 0)
		if err != nil || len(obs) != 1 {
			t.Fatalf("feed %d held by the killed worker: observations %+v, %v; want exactly one", id, obs, err)
		}
		starts = append(starts, obs[0].At)
	}
	limit := lease + time.Duration(slowFeeds)*(hold+100*time.Millisecond) + 2*time.Second
	for i, at := range starts {
		if late := at.Sub(killedAt); late > limit {
			t.Errorf("the killed worker's feed %d was fetched %v after the kill, want within %v", held[i], late, limit)
		}
	}
}

// checkFarm verifies the servers' side: no feed had two requests in
// flight, and no host two request arrivals within the gap.
func checkFarm(t *testing.T, farm *hostFarm, gap time.Duration) {
	farm.mu.Lock()
	defer farm.mu.Unlock()
	if len(farm.overlaps) > 0 {
		t.Errorf("feeds with two requests in flight at once: %v", farm.overlaps)
	}
	for host, times := range farm.arrivals {
		slices.SortFunc(times, func(a, b time.Time) int { return a.Compare(b) })
		for i := 1; i < len(times); i++ {
			if d := times[i].Sub(times[i-1]); d < gap {
				t.Errorf("host %s got two requests %v apart, inside its gap of %v", host, d, gap)
				break
			}
		}
	}
}

// checkOnce verifies that every feed was stored exactly once, with its two
// items, and that no item is stored twice.
func checkOnce(t *testing.T, db *postgres.DB, feeds int) {
	var obs, distinctFeeds, items, keys int
	err := db.Pool().QueryRow(context.Background(),
		`SELECT (SELECT count(*) FROM observations), (SELECT count(DISTINCT feed_id) FROM observations),
			(SELECT count(*) FROM items), (SELECT count(DISTINCT (feed_id, key)) FROM items)`).Scan(&obs, &distinctFeeds, &items, &keys)
	if err != nil {
		t.Fatal(err)
	}
	if obs != feeds || distinctFeeds != feeds {
		t.Errorf("%d fetches stored for %d feeds, want each of the %d feeds fetched once", obs, distinctFeeds, feeds)
	}
	if items != 2*feeds || keys != items {
		t.Errorf("%d items stored (%d distinct), want %d", items, keys, 2*feeds)
	}
}

// TestWorkersKeepTheBudget runs 3 worker processes with a budget of 120
// fetches an hour over 300 due feeds: together they fetch exactly 120.
func TestWorkersKeepTheBudget(t *testing.T) {
	t.Parallel() // worker processes and its own database: no state shared in-process
	if testing.Short() {
		t.Skip("runs worker processes for several seconds")
	}
	const feeds, hosts, budget = 300, 10, 120
	dsn := pgtest.Schema(t)
	farm := &hostFarm{arrivals: map[string][]time.Time{}, requests: map[string]int{}, inflight: map[string]int{}}
	bases := farm.start(t, hosts)
	db, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	subscribeFarm(t, db, append(bases, bases[0]), feeds, 0)
	args := []string{"worker", "--db", dsn, "--allow-private", "--policy", "simple", "--min-interval", "1h",
		"--host-gap", "0", "--budget", strconv.Itoa(budget), "--workers", "4", "--no-profiler"}
	var workers []*exec.Cmd
	for range 3 {
		w := exec.Command(vigilBin, args...)
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		workers = append(workers, w)
	}
	defer func() {
		for _, w := range workers {
			w.Process.Signal(syscall.SIGTERM)
			w.Wait()
		}
	}()
	waitFor(t, func() bool { return storedFetches(t, db) >= budget })
	time.Sleep(3 * time.Second) // the workers go on trying
	if n := storedFetches(t, db); n != budget {
		t.Errorf("%d fetches stored, want exactly the budget of %d", n, budget)
	}
	farm.mu.Lock()
	defer farm.mu.Unlock()
	if requests := len(farm.requests); requests != budget {
		t.Errorf("%d feeds requested, want %d", requests, budget)
	}
}

// storedFetches counts the stored observations.
func storedFetches(t *testing.T, db *postgres.DB) int {
	n, err := db.CountFetchesSince(context.Background(), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
