package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"vigil/clock"
	"vigil/fetch"
	"vigil/monitor"
	"vigil/policy"
)

// checkingEnv is a server whose "Check now" fetches through a real
// monitor over the same store, on a virtual clock.
func checkingEnv(t *testing.T) (*env, *clock.Virtual) {
	t.Helper()
	st := openStore(t)
	clk := clock.NewVirtual(testNow)
	live, err := policy.NewLive("combined", policy.Config{MinInterval: 5 * time.Minute, MaxInterval: 24 * time.Hour}, 0.2, 48, 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := monitor.New(monitor.Deps{Store: st, Client: fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second, Clock: clk}),
		Hosts: fetch.NewHostLimiter(1, 0, clk), Planner: live, Clock: clk, Logger: slog.New(slog.DiscardHandler)}, monitor.Config{})
	if err != nil {
		t.Fatal(err)
	}
	check := func(ctx context.Context, id int64) (CheckResult, error) {
		r, err := m.CheckNow(ctx, id)
		return CheckResult{Status: r.Status, New: r.New, Updated: r.Updated, Err: r.Err, NextTime: r.NextTime}, err
	}
	return newEnvOn(t, st, Config{CheckNow: check}), clk
}

// TestCheckNowButton presses "Check now" on a feed's and a page's views
// and counts the requests their server gets: a press within a minute of
// the last fetch is refused, saying so, without a request.
func TestCheckNowButton(t *testing.T) {
	var feedHits, pageHits atomic.Int32
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/page" {
			pageHits.Add(1)
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<html><body><p>Open until six.</p></body></html>")
			return
		}
		feedHits.Add(1)
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, `<rss version="2.0"><channel><title>News</title><item><guid>1</guid><title>One</title></item><item><guid>2</guid><title>Two</title></item></channel></rss>`)
	}))
	defer site.Close()
	e, clk := checkingEnv(t)
	ann, bob := e.user("ann"), e.user("bob")
	feedID := e.follow(ann, site.URL+"/feed")
	page, err := e.st.FollowPage(context.Background(), ann.ID, site.URL+"/page", 1, testNow)
	if err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	b.login(ann)
	if _, _, view := b.get(fmt.Sprintf("/feeds/%d", feedID)); !strings.Contains(view, fmt.Sprintf(`action="/feeds/%d/check"`, feedID)) {
		t.Errorf("the feed's view has no Check now button")
	}
	if _, _, view := b.get(fmt.Sprintf("/pages/%d", page.Feed.ID)); !strings.Contains(view, fmt.Sprintf(`action="/feeds/%d/check"`, page.Feed.ID)) {
		t.Errorf("the page's view has no Check now button")
	}
	steps := []struct {
		name     string
		id       int64
		after    time.Duration
		back     string
		says     string
		feedHits int32
		pageHits int32
	}{
		{"feed checked", feedID, 0, fmt.Sprintf("/feeds/%d", feedID), "Checked now: 2 new item(s), 0 updated.", 1, 0},
		{"feed again at once: refused", feedID, 0, fmt.Sprintf("/feeds/%d", feedID), "Not checked now: it was fetched at 2025-03-14 12:00:00 UTC, and vigil asks a server for a feed at most once a minute: ask again after 2025-03-14 12:01:00 UTC (1m0s from now)", 1, 0},
		{"page checked", page.Feed.ID, 20 * time.Second, fmt.Sprintf("/pages/%d", page.Feed.ID), "Checked now: no change.", 1, 1},
		{"feed 40 s after its fetch: refused", feedID, 20 * time.Second, fmt.Sprintf("/feeds/%d", feedID), "ask again after 2025-03-14 12:01:00 UTC", 1, 1},
		{"feed 70 s after its fetch: checked", feedID, 30 * time.Second, fmt.Sprintf("/feeds/%d", feedID), "Checked now: 0 new item(s)", 2, 1},
	}
	for _, s := range steps {
		clk.Advance(s.after)
		status, loc, body := b.post(fmt.Sprintf("/feeds/%d/check", s.id), url.Values{"csrf": {b.csrf()}})
		if status != http.StatusSeeOther || loc != s.back {
			t.Fatalf("%s: %d %q\n%s", s.name, status, loc, body)
		}
		if _, _, view := b.get(loc); !strings.Contains(view, s.says) {
			t.Errorf("%s: the view does not say %q:\n%s", s.name, s.says, view)
		}
		if feedHits.Load() != s.feedHits || pageHits.Load() != s.pageHits {
			t.Errorf("%s: the server got %d feed and %d page request(s), want %d and %d", s.name, feedHits.Load(), pageHits.Load(), s.feedHits, s.pageHits)
		}
	}

	// No CSRF token, a stranger, a server with no monitor: no fetch.
	if status, _, _ := b.post(fmt.Sprintf("/feeds/%d/check", feedID), url.Values{}); status != http.StatusForbidden {
		t.Errorf("a check without the CSRF token: %d, want 403", status)
	}
	eve := e.browser()
	eve.login(bob)
	if status, _, _ := eve.post(fmt.Sprintf("/feeds/%d/check", feedID), url.Values{"csrf": {eve.csrf()}}); status != http.StatusNotFound {
		t.Errorf("bob checking ann's feed: %d, want 404", status)
	}
	if feedHits.Load() != 2 {
		t.Errorf("refused checks fetched the feed: %d requests, want 2", feedHits.Load())
	}
	plain := newEnvOn(t, e.st, Config{})
	pb := plain.browser()
	pb.login(ann)
	if status, _, body := pb.post(fmt.Sprintf("/feeds/%d/check", feedID), url.Values{"csrf": {pb.csrf()}}); status != http.StatusServiceUnavailable || !strings.Contains(body, "needs the monitor") {
		t.Errorf("a check on a server without a monitor: %d, want 503 saying it needs the monitor\n%s", status, body)
	}
}
