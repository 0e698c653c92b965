package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/sqlite"
)

// TestFetchPassesKeepTheirHostsPolite runs two `vigil fetch --all`
// processes at once over 300 loopback feeds on 3 hosts sharing one
// PostgreSQL database, with a host gap: each pass keeps its lease on a host
// between its fetches there instead of ending it after each, and still no
// host gets two requests within its gap or two at once, each pass fetches
// every feed, and no host is left leased when they end.
func TestFetchPassesKeepTheirHostsPolite(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two fetch processes")
	}
	const feeds, hosts, gap = 300, 3, 20 * time.Millisecond
	dsn := pgtest.Schema(t)
	farm := &hostFarm{arrivals: map[string][]time.Time{}, requests: map[string]int{}, inflight: map[string]int{}}
	bases := farm.start(t, hosts+1) // the last one serves no feed (subscribeFarm's slow host)
	db, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	subscribeFarm(t, db, bases, feeds, 0)

	// Leases of an hour and a deadline of minutes: two passes that wait
	// for each other's hosts until the leases expire (each keeping a
	// host the other's fetchers all wait for) are killed and fail.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	outs := make([][]byte, 2)
	errs := make([]error, 2)
	for i := range outs {
		wg.Go(func() {
			outs[i], errs[i] = exec.CommandContext(ctx, vigilBin, "fetch", "--all", "--db", dsn, "--allow-private",
				"--host-gap", gap.String(), "--workers", "4", "--per-host", "4", "--lease", "1h").CombinedOutput()
		})
	}
	wg.Wait()
	for i, err := range errs {
		if want := fmt.Sprintf("fetched %d feed(s), 0 failed", feeds); err != nil || !bytes.Contains(outs[i], []byte(want)) {
			t.Fatalf("fetch %d: %v (want %q)\n%s", i, err, want, outs[i])
		}
	}
	checkFarm(t, farm, gap)
	farm.mu.Lock()
	for feed, n := range farm.requests {
		if n != 2 {
			t.Errorf("feed %s requested %d times, want once by each pass", feed, n)
		}
	}
	farm.mu.Unlock()
	var leased int
	if err := db.Pool().QueryRow(context.Background(), `SELECT count(*) FROM hosts WHERE claimed_by IS NOT NULL`).Scan(&leased); err != nil {
		t.Fatal(err)
	}
	if leased != 0 {
		t.Errorf("%d hosts still leased after both passes ended", leased)
	}
}

// TestFetchRefusedWhileAnotherProcessFetches checks that a fetch pass on
// an SQLite database another process fetches from (it holds the fetch
// lock) fetches nothing and says why, while a check of one feed is tried;
// that serve waits for the lock; and that a pass runs once the lock is
// free.
func TestFetchRefusedWhileAnotherProcessFetches(t *testing.T) {
	db := annDB(t)
	other, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	unlock, err := other.LockFetching()
	if err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := cli(t, db, "", "fetch"); code != 1 || !strings.Contains(errOut, "another vigil process is fetching from") {
		t.Errorf("fetch while another process fetches: exit %d, %q %q; want 1 and why", code, out, errOut)
	}
	if code, out, errOut := cli(t, db, "", "fetch", "9"); code != 1 || !strings.Contains(errOut, "not found") {
		t.Errorf("a check of one feed while another process fetches: exit %d, %q %q; want it tried (feed 9 not found)", code, out, errOut)
	}
	// serve started meanwhile waits for the lock rather than failing.
	go func() {
		time.Sleep(1500 * time.Millisecond)
		unlock()
	}()
	began := time.Now()
	startServe(t, db)
	stopServe(t)
	if waited := time.Since(began); waited < time.Second {
		t.Errorf("serve listened %v after it started, while the lock was held for 1.5 s", waited)
	}
	if code, out, errOut := cli(t, db, "", "fetch"); code != 0 || !strings.Contains(out, "fetched 0 feed(s)") {
		t.Errorf("fetch once the lock is free: exit %d, %q %q", code, out, errOut)
	}
}
