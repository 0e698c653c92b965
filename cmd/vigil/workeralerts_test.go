package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"vigil"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/storetest"
)

// stallingHook is a webhook on loopback whose first request stalls until
// released (the sender is killed while it waits), and which records the
// bodies of the requests it answered 200.
type stallingHook struct {
	mu       sync.Mutex
	stalled  chan struct{} // closed when the first request arrives
	release  chan struct{} // closed to let it go
	first    bool
	accepted []string
}

func (h *stallingHook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/feed" {
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, `<rss version="2.0"><channel><title>quiet</title></channel></rss>`)
		return
	}
	b, _ := io.ReadAll(r.Body)
	h.mu.Lock()
	stall := !h.first
	h.first = true
	h.mu.Unlock()
	if stall {
		close(h.stalled)
		<-h.release
		http.Error(w, "the sender is gone", http.StatusServiceUnavailable)
		return
	}
	h.mu.Lock()
	h.accepted = append(h.accepted, string(b))
	h.mu.Unlock()
}

// count returns how many lines of the accepted bodies name the item
// titled title (a message's first line, or a line of a burst's list).
func (h *stallingHook) count(title string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, b := range h.accepted {
		for _, line := range strings.Split(b, "\n") {
			if strings.TrimPrefix(line, "- ") == title {
				n++
			}
		}
	}
	return n
}

// TestWorkersDeliverAlertsOnce runs two worker processes on PostgreSQL over
// an outbox of 30 messages and SIGKILLs the one whose delivery is in flight:
// the other delivers every message once its lease ends, and each reaches
// the receiver exactly once.
func TestWorkersDeliverAlertsOnce(t *testing.T) {
	t.Parallel() // worker processes and its own database: no state shared in-process
	if testing.Short() {
		t.Skip("runs worker processes for several seconds")
	}
	const messages, lease = 30, 3 * time.Second
	hook := &stallingHook{stalled: make(chan struct{}), release: make(chan struct{})}
	srv := httptest.NewServer(hook)
	defer srv.Close()
	defer close(hook.release)
	dsn := pgtest.Schema(t)
	db, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	titles := queueAlerts(t, db, srv.URL, messages)

	args := []string{"worker", "--db", dsn, "--allow-private", "--policy", "simple", "--min-interval", "1h",
		"--lease", lease.String(), "--timeout", "1s", "--header-timeout", "1s", "--no-profiler"}
	workers := make([]*exec.Cmd, 2)
	logs := make([]*bytes.Buffer, 2)
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
	select {
	case <-hook.stalled:
	case <-time.After(30 * time.Second):
		t.Fatal("no worker sent the alerts")
	}
	victim := messageHolder(t, db, workers)
	victim.Process.Signal(syscall.SIGKILL)
	victim.Wait()
	deadline := time.Now().Add(lease + 30*time.Second)
	for time.Now().Before(deadline) {
		if n, err := db.PendingMessages(context.Background()); err == nil && n == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, title := range titles {
		if n := hook.count(title); n != 1 {
			t.Errorf("%q reached the receiver %d times, want once", title, n)
		}
	}
}

// queueAlerts gives a user a channel to hook and a rule, and stores n
// matching items of a feed on hook: the outbox then holds n messages.
func queueAlerts(t *testing.T, db *postgres.DB, hook string, n int) []string {
	ctx := context.Background()
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub, err := db.Subscribe(ctx, u.ID, hook+"/feed", 1, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddChannel(ctx, vigil.Channel{UserID: u.ID, URL: "generic+" + hook + "/hook", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddAlertRule(ctx, vigil.AlertRule{UserID: u.ID, Query: "launch", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	items := make([]vigil.Item, n)
	titles := make([]string, n)
	for i := range items {
		titles[i] = fmt.Sprintf("launch number %d", i)
		items[i] = vigil.Item{Key: titles[i], Hash: titles[i], Title: titles[i]}
	}
	storetest.FetchedBefore(t, db, sub.Feed.ID, time.Now().Add(-time.Hour)) // the items are news, not its backlog
	f := vigil.Fetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: time.Now(), Status: 200}, Items: items}
	keep := func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }
	if _, err := db.Ingest(ctx, f, keep); err != nil {
		t.Fatal(err)
	}
	if got, err := db.PendingMessages(ctx); err != nil || got != n {
		t.Fatalf("%d messages queued (%v), want %d", got, err, n)
	}
	return titles
}

// messageHolder returns the worker that holds the leases on the messages.
func messageHolder(t *testing.T, db *postgres.DB, workers []*exec.Cmd) *exec.Cmd {
	var owner string
	err := db.Pool().QueryRow(context.Background(), `SELECT lease_owner FROM outbox WHERE lease_owner <> '' LIMIT 1`).Scan(&owner)
	if err != nil {
		t.Fatalf("no message is leased while its delivery is in flight: %v", err)
	}
	for _, w := range workers {
		if strings.HasSuffix(owner, fmt.Sprintf(":%d", w.Process.Pid)) {
			return w
		}
	}
	t.Fatalf("the lease owner %q is none of the workers", owner)
	return nil
}
