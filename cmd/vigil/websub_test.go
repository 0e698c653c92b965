package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"vigil/websub"
	"vigil/websub/websubtest"
)

// hubFeed is a feed that advertises a hub in Link headers and counts
// the times it is fetched.
type hubFeed struct {
	hub     string
	fetches atomic.Int64
	mu      sync.Mutex
	items   []string
}

func (f *hubFeed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.fetches.Add(1)
	w.Header().Set("Content-Type", "application/rss+xml")
	w.Header().Add("Link", "<"+f.hub+`>; rel="hub"`)
	io.WriteString(w, f.document(""))
}

// document is the feed with its items and, when extra is set, one more.
func (f *hubFeed) document(extra string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var b strings.Builder
	b.WriteString(`<rss version="2.0"><channel><title>Hub feed</title><link>http://example.org/</link>`)
	for _, it := range append([]string{extra}, f.items...) {
		if it != "" {
			fmt.Fprintf(&b, `<item><guid>%s</guid><title>%s</title></item>`, it, it)
		}
	}
	b.WriteString(`</channel></rss>`)
	return b.String()
}

var tokenRE = regexp.MustCompile(`token: (\S+)`)

// TestServeSubscribesAndStoresPushedItems runs `vigil serve --public-url`
// over a feed that advertises a loopback hub: serve subscribes, an item
// the hub pushes is listed by the API within 5 s with no poll of the
// feed, and content with a forged signature is refused and stores nothing.
func TestServeSubscribesAndStoresPushedItems(t *testing.T) {
	hub := websubtest.NewHub(time.Now, 24*time.Hour)
	hubSrv := httptest.NewServer(hub)
	defer hubSrv.Close()
	feed := &hubFeed{hub: hubSrv.URL + "/", items: []string{"old"}}
	feedSrv := httptest.NewServer(feed)
	defer feedSrv.Close()
	topic := feedSrv.URL + "/feed"
	db := filepath.Join(t.TempDir(), "v.db")
	_, out, _ := cli(t, db, "", "user", "add", "ann")
	token := tokenRE.FindStringSubmatch(out)[1]
	cli(t, db, "", "add", "--user", "ann", topic)

	addr := freeAddr(t)
	cmd := exec.Command(vigilBin, "serve", "--db", db, "--addr", addr, "--public-url", "http://"+addr,
		"--allow-private", "--host-gap", "0")
	stopServing := startProcess(t, cmd)
	defer stopServing()
	if got := hub.Wait(); got != "subscribe true" {
		t.Fatalf("verification of serve's subscription: %s", got)
	}
	fetched := feed.fetches.Load()

	start := time.Now()
	if codes := hub.Publish(topic, "application/rss+xml", []byte(feed.document("pushed"))); len(codes) != 1 || codes[0] != http.StatusNoContent {
		t.Fatalf("delivery answered %v, want [204]", codes)
	}
	for !strings.Contains(apiItems(t, addr, token), `"pushed"`) {
		if time.Since(start) > 5*time.Second {
			t.Fatal("the pushed item is not listed within 5 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	forged := func(*websubtest.Sub) string {
		return websub.Sign("sha256", []byte("guessed"), []byte(feed.document("forged")))
	}
	if codes := hub.Deliver(topic, "application/rss+xml", []byte(feed.document("forged")), forged); len(codes) != 1 || codes[0] != http.StatusForbidden {
		t.Errorf("forged delivery answered %v, want [403]", codes)
	}
	if items := apiItems(t, addr, token); strings.Contains(items, `"forged"`) {
		t.Errorf("forged content stored: %s", items)
	}
	if n := feed.fetches.Load(); n != fetched {
		t.Errorf("the feed was fetched %d more times after the subscription, want none", n-fetched)
	}
	if got := apiGet(t, addr, token, "/api/feeds/1"); !strings.Contains(got, `"push":{"feed_id":1,"hub":"`+hubSrv.URL+`/","topic":"`+topic+`","state":"active"`) ||
		strings.Contains(got, "secret") {
		t.Errorf("GET /api/feeds/1 = %s, want its active push and no secret", got)
	}
	if _, out, _ := cli(t, db, "", "feeds"); !regexp.MustCompile(`(?m)^1 .* active +- +` + regexp.QuoteMeta(topic)).MatchString(out) {
		t.Errorf("vigil feeds = %q, want the feed's PUSH column active", out)
	}
}

// freeAddr returns a loopback address with a port free at the moment.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startProcess starts a serve command and waits until it listens; the
// returned function stops it with SIGTERM.
func startProcess(t *testing.T, cmd *exec.Cmd) func() {
	t.Helper()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	for lines.Scan() {
		if strings.Contains(lines.Text(), "serving http://") {
			go func() {
				for lines.Scan() {
				}
			}()
			return func() {
				cmd.Process.Signal(syscall.SIGTERM)
				cmd.Wait()
			}
		}
	}
	t.Fatal("vigil serve exited before listening")
	return nil
}

// apiItems returns the JSON of the user's items as the API lists them.
func apiItems(t *testing.T, addr, token string) string {
	t.Helper()
	return apiGet(t, addr, token, "/api/items")
}

// apiGet returns the body of a GET of the API's path, which must answer 200.
func apiGet(t *testing.T, addr, token, path string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, "http://"+addr+path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, resp.StatusCode, body)
	}
	return string(body)
}
