package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vigil"
	"vigil/store/sqlite"
)

// hook is a webhook on loopback that records the messages it accepted
// and answers 503 to the first failFirst requests.
type hook struct {
	mu        sync.Mutex
	failFirst int
	requests  int
	accepted  []string
}

func (h *hook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.requests++
	if h.requests <= h.failFirst {
		http.Error(w, "busy", http.StatusServiceUnavailable)
		return
	}
	h.accepted = append(h.accepted, string(b))
}

// bodies returns the accepted messages and the number of requests.
func (h *hook) bodies() ([]string, int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.accepted...), h.requests
}

// count returns how many accepted messages contain s.
func (h *hook) count(s string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, m := range h.accepted {
		n += strings.Count(m, s)
	}
	return n
}

// itemFeed serves an RSS feed of the titles the test adds.
type itemFeed struct {
	mu     sync.Mutex
	titles []string
}

func (f *itemFeed) add(title string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.titles = append(f.titles, title)
}

func (f *itemFeed) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/rss+xml")
	fmt.Fprint(w, `<rss version="2.0"><channel><title>News</title><link>http://example.org/</link>`)
	for i, t := range f.titles {
		fmt.Fprintf(w, `<item><guid>%d</guid><title>%s</title><link>http://example.org/%d</link></item>`, i, t, i)
	}
	fmt.Fprint(w, `</channel></rss>`)
}

// TestCronFetchSendsAlerts: a user with a generic+http channel and an alert
// rule gets, within the cron vigil fetch run that found them, exactly one
// message per matching new item and per page change at their threshold,
// and nothing for the rest; the first delivery refused with 503 arrives
// once, on a retry in the same run.
func TestCronFetchSendsAlerts(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	h := &hook{failFirst: 1}
	hookSrv := httptest.NewServer(h)
	defer hookSrv.Close()
	feed := &itemFeed{titles: []string{"Weather: rain", "Launch party recap"}}
	feedSrv := httptest.NewServer(feed)
	defer feedSrv.Close()
	ps := &pageServer{body: `<html><body><p>Opening hours: nine to five, Monday to Friday.</p></body></html>`}
	pageSrv := httptest.NewServer(ps)
	defer pageSrv.Close()
	mustRun := func(args ...string) string {
		t.Helper()
		code, out, errOut := cli(t, db, "", args...)
		if code != 0 {
			t.Fatalf("vigil %s: exit %d: %s %s", strings.Join(args, " "), code, out, errOut)
		}
		return out
	}
	mustRun("user", "add", "ann")
	mustRun("add", feedSrv.URL+"/news")
	mustRun("add", "--page", pageSrv.URL+"/hours")
	secret := "generic+" + hookSrv.URL + "/hook?token=s3cret"
	if out := mustRun("notify", "add", secret); strings.Contains(out, "s3cret") || !strings.Contains(out, "channel 1 added") {
		t.Errorf("notify add printed %q", out)
	}
	mustRun("alert", "add", "launch")

	// The feed's first fetch brings its backlog, which alerts nobody.
	if out := mustRun("fetch", "--all", "--allow-private", "--host-gap", "0"); strings.Contains(out, "alert") || h.count("Launch party") != 0 {
		t.Fatalf("the first fetch (%q) sent the backlog: %q", out, first(h.bodies()))
	}
	feed.add("Rocket launch at dawn")
	out := mustRun("fetch", "--all", "--allow-private", "--host-gap", "0")
	if h.count("Rocket launch at dawn") != 1 || h.count("Weather") != 0 || !strings.Contains(out, "sent 1 alert(s)") {
		t.Fatalf("after the first fetch (%q) the hook accepted %q, want the launch item once", out, first(h.bodies()))
	}
	if _, requests := h.bodies(); requests != 2 {
		t.Errorf("the hook had %d requests, want 2 (the 503, then the retry)", requests)
	}

	feed.add("Second launch scrubbed")
	feed.add("Traffic news")
	ps.set(`<html><body><h1>Closed</h1><p>We have moved to a new address across the river; see the map.</p></body></html>`)
	out = mustRun("fetch", "--all", "--allow-private", "--host-gap", "0")
	if h.count("Second launch scrubbed") != 1 || h.count("Rocket launch at dawn") != 1 || h.count("Traffic") != 0 {
		t.Fatalf("after the second fetch (%q) the hook accepted %q", out, first(h.bodies()))
	}
	severity := lastChangeSeverity(t, mustRun("changes", "--json"))
	if severity != "important" && severity != "significant" {
		t.Fatalf("the rewrite of the page was judged %q: the test needs a change at the default threshold", severity)
	}
	if h.count("changed ("+severity+")") != 1 {
		t.Fatalf("the hook accepted %q, want one message for the page change", first(h.bodies()))
	}

	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	err = st.SetPageFollow(context.Background(), vigil.PageFollow{UserID: 1, FeedID: 2, Threshold: "important", Frequency: "daily"})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	ps.set(`<html><body><h1>Closed</h1><p>We have moved to a new address across the river; see the maps.</p></body></html>`)
	mustRun("fetch", "--all", "--allow-private", "--host-gap", "0")
	if severity = lastChangeSeverity(t, mustRun("changes", "--json")); severity == "important" {
		t.Fatalf("a one-letter edit was judged important: the test needs a change below the threshold")
	}
	if n := h.count("changed ("); n != 1 {
		t.Errorf("the hook accepted %d page change messages, want 1: the %s change is below the threshold", n, severity)
	}
	list := mustRun("notify", "list")
	if strings.Contains(list, "s3cret") || strings.Contains(list, "/hook") || !strings.Contains(list, "ok, last sent") {
		t.Errorf("notify list printed %q", list)
	}
}

// lastChangeSeverity reads the severity of the newest change in the output
// of vigil changes --json.
func lastChangeSeverity(t *testing.T, out string) string {
	t.Helper()
	var changes []struct {
		Severity string `json:"severity"`
	}
	if err := json.Unmarshal([]byte(out), &changes); err != nil || len(changes) == 0 {
		t.Fatalf("vigil changes --json: %v in %q", err, out)
	}
	return changes[0].Severity
}

// TestNotifyCommands: channels are added, tested, listed hidden with their
// state in words, and removed; alert rules likewise; bad input is refused
// with what was wrong.
func TestNotifyCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	h := &hook{failFirst: 1}
	srv := httptest.NewServer(h)
	defer srv.Close()
	if code, _, errOut := cli(t, db, "", "user", "add", "ann"); code != 0 {
		t.Fatal(errOut)
	}
	url := "generic+" + srv.URL + "/hook?token=s3cret"
	tests := []struct {
		args     []string
		code     int
		want     string // in the output or the error
		notWant  string
		accepted int // messages the hook has accepted after the command
	}{
		{[]string{"notify", "add", "smtp://u:s3cret@mail.example.org/?to=a@example.org"}, 2, "not supported", "s3cret", 0},
		{[]string{"notify", "add", url}, 0, "channel 1 added for ann: generic+http://127.0.0.1", "s3cret", 0},
		{[]string{"notify", "add", url}, 1, "you have this channel already", "s3cret", 0},
		{[]string{"notify", "test", "1"}, 1, "refusing to connect", "s3cret", 0},
		{[]string{"notify", "list"}, 0, "failing (1 attempt(s) in a row", "s3cret", 0},
		{[]string{"notify", "test", "1", "--allow-private"}, 1, "503", "s3cret", 0},
		{[]string{"notify", "list"}, 0, "503 Service Unavailable", "/hook", 0},
		{[]string{"notify", "test", "1", "--allow-private"}, 0, "test message sent", "s3cret", 1},
		{[]string{"notify", "list", "--json"}, 0, `"failures":0`, "s3cret", 1},
		{[]string{"notify", "test", "7"}, 1, "channel 7 not found", "", 1},
		{[]string{"notify", "remove", "x"}, 2, `channel ID "x" is not a positive number`, "", 1},
		{[]string{"alert", "add", `" * "`}, 1, "no word to search for", "", 1},
		{[]string{"alert", "add", "--feed", "9", "launch"}, 1, "do not follow feed 9", "", 1},
		{[]string{"alert", "add", `"james webb" telescop*`}, 0, `alert 1 added for ann: "\"james webb\" telescop*" in every feed`, "", 1},
		{[]string{"alert", "list"}, 0, "1\t\"\\\"james webb\\\" telescop*\" in every feed", "", 1},
		{[]string{"alert", "remove", "1"}, 0, "alert 1 removed", "", 1},
		{[]string{"alert", "remove", "1"}, 1, "alert rule 1 not found", "", 1},
		{[]string{"notify", "remove", "1"}, 0, "channel 1 removed", "", 1},
		{[]string{"notify", "list"}, 0, "", "generic", 1},
	}
	for _, tt := range tests {
		code, out, errOut := cli(t, db, "", tt.args...)
		both := out + errOut
		if code != tt.code || !strings.Contains(both, tt.want) || (tt.notWant != "" && strings.Contains(both, tt.notWant)) {
			t.Errorf("vigil %s: exit %d, %q; want exit %d with %q and without %q", strings.Join(tt.args, " "), code, both, tt.code, tt.want, tt.notWant)
		}
		if n := h.count("test message"); n != tt.accepted {
			t.Errorf("after vigil %s the hook accepted %d test messages, want %d", strings.Join(tt.args, " "), n, tt.accepted)
		}
	}
}

// TestServeSendsAlerts: vigil serve fetches a new feed (its backlog, no
// alert), fetches it again, and its sender delivers the matching item that
// came meanwhile, once, within seconds.
func TestServeSendsAlerts(t *testing.T) {
	h := &hook{}
	hookSrv := httptest.NewServer(h)
	defer hookSrv.Close()
	feed := &itemFeed{titles: []string{"One", "Backlog: more of the same"}}
	var served atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if served.Add(1) == 3 { // after the look of vigil add and serve's first fetch
			feed.add("Two & more")
		}
		feed.ServeHTTP(w, r)
	}))
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "v.db")
	for _, args := range [][]string{{"user", "add", "ann"}, {"add", "--allow-private", srv.URL + "/feed"},
		{"notify", "add", "generic+" + hookSrv.URL + "/hook"}, {"alert", "add", "more"}} {
		if code, out, errOut := cli(t, db, "", args...); code != 0 {
			t.Fatalf("vigil %v: %d %s %s", args, code, out, errOut)
		}
	}
	startServeWith(t, db, "--min-interval", "1s", "--max-interval", "2s")
	defer stopServe(t)
	waitFor(t, func() bool { return h.count("Two & more") == 1 })
	time.Sleep(2500 * time.Millisecond) // more than a pass of the sender
	if h.count("Two & more") != 1 || h.count("One") != 0 || h.count("Backlog") != 0 {
		t.Errorf("the hook accepted %q, want the matching item once", first(h.bodies()))
	}
}

// first returns its first argument.
func first[T any](v T, _ ...any) T { return v }
