package main

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"vigil"
	"vigil/store/sqlite"
)

// vigilBin is the vigil binary built once for the tests that run it as a
// process.
var vigilBin string

func TestMain(m *testing.M) {
	if mib := os.Getenv(growEnv); mib != "" {
		growAndExit(mib) // a helper process of TestWatchPeak
	}
	dir, err := os.MkdirTemp("", "vigil-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	vigilBin = filepath.Join(dir, "vigil")
	if out, err := exec.Command("go", "build", "-o", vigilBin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building vigil: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// growingFeeds serves feeds /f0 ... whose every answer shows the latest
// `window` items of a stream that grows by `step` items per request.
type growingFeeds struct {
	mu     sync.Mutex
	served map[string]int // path → items published so far
	window int
	step   int
}

func (g *growingFeeds) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	g.served[r.URL.Path] += g.step
	n := g.served[r.URL.Path]
	g.mu.Unlock()
	w.Header().Set("Content-Type", "application/rss+xml")
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<rss version="2.0"><channel><title>%s</title><link>http://example.org/</link>`, r.URL.Path)
	for i := n - 1; i >= max(0, n-g.window); i-- {
		fmt.Fprintf(bw, "<item><guid>%s-%d</guid><title>Item %d</title><description>Body of item %d, long enough to be realistic: %s</description></item>",
			r.URL.Path, i, i, i, strings.Repeat("lorem ipsum ", 20))
	}
	bw.WriteString("</channel></rss>")
	bw.Flush()
}

func TestKillDuringIngestLosesAndDuplicatesNothing(t *testing.T) {
	t.Parallel() // worker processes and its own database: no state shared in-process
	const feeds = 12
	g := &growingFeeds{served: map[string]int{}, window: 400, step: 60}
	srv := httptest.NewServer(g)
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "v.db")
	cli(t, db, "", "user", "add", "ann")
	for i := range feeds {
		if code, _, stderr := cli(t, db, "", "add", fmt.Sprintf("%s/f%d", srv.URL, i)); code != 0 {
			t.Fatal(stderr)
		}
	}
	args := []string{"fetch", "--all", "--db", db, "--allow-private", "--host-gap", "0", "--workers", "4"}
	rng := rand.New(rand.NewPCG(7, 11))
	killed := 0
	for round := range 25 {
		cmd := exec.Command(vigilBin, args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(20+rng.IntN(400)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		if err := cmd.Wait(); err == nil {
			t.Logf("round %d finished before the kill", round)
		} else {
			killed++
		}
	}
	// One clean pass: every feed's current window must now be stored.
	if out, err := exec.Command(vigilBin, args...).CombinedOutput(); err != nil {
		t.Fatalf("clean pass after the kills: %v\n%s", err, out)
	}
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatalf("database unusable after %d kills: %v", killed, err)
	}
	defer st.Close()
	checkLedger(t, st, g)
	t.Logf("%d of 25 runs killed by SIGKILL", killed)
}

// checkLedger verifies that the items of every feed are exactly those its
// stored observations account for, without duplicates, and that the last
// window served is stored.
func checkLedger(t *testing.T, st *sqlite.DB, g *growingFeeds) {
	ctx := context.Background()
	all, err := st.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range all {
		obs, err := st.Observations(ctx, f.ID, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0
		for _, o := range obs {
			sum += o.NewItems
		}
		keys := map[string]bool{}
		for _, it := range allItems(ctx, t, st, f.ID) {
			if keys[it.Key] {
				t.Fatalf("feed %s: item %s stored twice", f.URL, it.Key)
			}
			keys[it.Key] = true
		}
		if len(keys) != sum || f.ItemCount != sum {
			t.Fatalf("feed %s: %d items stored (count %d) but the observations account for %d", f.URL, len(keys), f.ItemCount, sum)
		}
		path := f.URL[strings.LastIndex(f.URL, "/"):]
		g.mu.Lock()
		n := g.served[path]
		g.mu.Unlock()
		for i := n - 1; i >= max(0, n-g.window); i-- {
			if !keys[fmt.Sprintf("%s-%d", path, i)] {
				t.Fatalf("feed %s: item %d of the last window is missing", f.URL, i)
			}
		}
	}
}

// allItems pages through every stored item of a feed.
func allItems(ctx context.Context, t *testing.T, st *sqlite.DB, feedID int64) []vigil.Item {
	var all []vigil.Item
	for off := 0; ; off += 500 {
		items, err := st.Items(ctx, vigil.ItemQuery{FeedID: feedID, Limit: 500, Offset: off})
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, items...)
		if len(items) < 500 {
			return all
		}
	}
}

func TestServeStopsCleanlyAndResumesSchedule(t *testing.T) {
	srv := feedServer(t)
	db := filepath.Join(t.TempDir(), "v.db")
	cli(t, db, "", "user", "add", "ann")
	cli(t, db, "", "add", srv.URL+"/feed")
	addr := startServe(t, db)
	waitFor(t, func() bool { return storedItems(t, db) == 2 })
	waitFor(t, func() bool { return profiledItems(t, db) == 2 }) // serve runs the profiler
	before := feedState(t, db)
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	stopServe(t)
	restart := time.Now()
	startServe(t, db)
	time.Sleep(1500 * time.Millisecond) // more than a loop tick
	// The restart keeps the learned model and does not fetch again at once;
	// its re-plan may move the next fetch, but only into the future.
	got := feedState(t, db)
	if !got.LastFetch.Equal(before.LastFetch) || got.Rate != before.Rate || !got.NextFetch.After(restart) {
		t.Fatalf("restart did not resume: last fetch %v → %v, rate %v → %v, next %v",
			before.LastFetch, got.LastFetch, before.Rate, got.Rate, got.NextFetch)
	}
	stopServe(t)
}

var (
	serveMu  sync.Mutex
	serveCmd *exec.Cmd
	addrRE   = regexp.MustCompile(`serving http://([^/ ]+)/`)
)

// startServe starts `vigil serve` on a free port and returns its address.
func startServe(t *testing.T, db string) string {
	t.Helper()
	return startServeWith(t, db)
}

// startServeWith is startServe with more flags.
func startServeWith(t *testing.T, db string, flags ...string) string {
	t.Helper()
	args := append([]string{"serve", "--db", db, "--addr", "127.0.0.1:0", "--allow-private", "--host-gap", "0", "--profile-every", "100ms"}, flags...)
	cmd := exec.Command(vigilBin, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	serveMu.Lock()
	serveCmd = cmd
	serveMu.Unlock()
	lines := bufio.NewScanner(stderr)
	for lines.Scan() {
		if m := addrRE.FindStringSubmatch(lines.Text()); m != nil {
			go func() {
				for lines.Scan() {
				}
			}()
			return m[1]
		}
	}
	t.Fatal("vigil serve exited before listening")
	return ""
}

// stopServe sends SIGTERM and expects a clean exit within ten seconds.
func stopServe(t *testing.T) {
	t.Helper()
	serveMu.Lock()
	cmd := serveCmd
	serveMu.Unlock()
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("vigil serve did not exit cleanly on SIGTERM: %v", err)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("vigil serve did not stop within 10 s of SIGTERM")
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 15 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// profiledItems returns how many items the first feed's stored profile
// holds, 0 while it has none.
func profiledItems(t *testing.T, db string) int64 {
	t.Helper()
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p, err := st.Profile(context.Background(), 1)
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return p.Items
}

func storedItems(t *testing.T, db string) int {
	return feedState(t, db).ItemCount
}

func feedState(t *testing.T, db string) vigil.Feed {
	t.Helper()
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f, err := st.Feed(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return *f
}

func TestServeCreatesFirstUser(t *testing.T) {
	for _, tc := range []struct {
		args []string
		user string
	}{{nil, "admin"}, {[]string{"--user", "alice"}, "alice"}} {
		t.Run(tc.user, func(t *testing.T) { serveCreatesUser(t, tc.args, tc.user) })
	}
}

// serveCreatesUser runs serve with args on a fresh database and checks
// that the user it says it created, called name, opens the API with the
// printed password.
func serveCreatesUser(t *testing.T, args []string, name string) {
	db := filepath.Join(t.TempDir(), "fresh.db")
	lines := serveOutput(t, db, args)
	var password, addr, created string
	for addr == "" && lines.Scan() {
		line := lines.Text()
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "password: "); ok {
			password = rest
		}
		if rest, ok := strings.CutPrefix(line, "no user yet: created user "); ok {
			created = rest
		}
		if m := addrRE.FindStringSubmatch(line); m != nil {
			addr = m[1]
		}
	}
	if password == "" || addr == "" || created != name {
		t.Fatalf("serve on a fresh database printed no password or address, or created %q, not %q", created, name)
	}
	go func() {
		for lines.Scan() {
		}
	}()
	req, _ := http.NewRequest("GET", "http://"+addr+"/api/me", nil)
	req.SetBasicAuth(name, password)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the printed credentials of %s do not open the API: %v %v", name, resp, err)
	}
	resp.Body.Close()
}

// TestServeNotesAUserItDidNotCreate runs serve on a database that has a
// user already: --user naming someone else prints a note that it created
// nobody, while --user naming that user, or no --user, prints none.
func TestServeNotesAUserItDidNotCreate(t *testing.T) {
	db := filepath.Join(t.TempDir(), "users.db")
	if out, err := exec.Command(vigilBin, "user", "add", "alice", "--db", db).CombinedOutput(); err != nil {
		t.Fatalf("user add: %v %s", err, out)
	}
	for _, tc := range []struct {
		args []string
		note bool
	}{{[]string{"--user", "newperson"}, true}, {[]string{"--user", "alice"}, false}, {nil, false}} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) { // each serve stopped before the next
			if got := serveNotes(t, db, tc.args); strings.Contains(got, "created nobody") != tc.note {
				t.Errorf("serve %v: printed %q before listening; a note: %v", tc.args, got, tc.note)
			}
		})
	}
}

// serveNotes runs serve with args on db until it says where it listens
// and returns what it printed before.
func serveNotes(t *testing.T, db string, args []string) string {
	lines := serveOutput(t, db, args)
	var before strings.Builder
	for lines.Scan() {
		if addrRE.MatchString(lines.Text()) {
			return before.String()
		}
		before.WriteString(lines.Text() + "\n")
	}
	t.Fatalf("serve %v stopped without listening: %s", args, before.String())
	return ""
}

// serveOutput starts serve with args on db and a free port, killed when
// the test ends, and returns its standard error line by line.
func serveOutput(t *testing.T, db string, args []string) *bufio.Scanner {
	t.Helper()
	cmd := exec.Command(vigilBin, append([]string{"serve", "--db", db, "--addr", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	return bufio.NewScanner(stderr)
}
