package monitor

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/fetch"
	"vigil/plan"
)

func TestFetchStoresEachItemOnceAndUpdatesEdits(t *testing.T) {
	h := newHarness(t, Config{})
	a, b, c := rssItem{"a", "A", "first"}, rssItem{"b", "B", "second"}, rssItem{"c", "C", "third"}
	srv, sw := serve(t, body(rss("", a, b)))
	f := h.subscribe(srv.URL + "/feed")
	steps := []struct {
		name         string
		items        []rssItem
		new, updated int
	}{
		{"first fetch stores both", []rssItem{a, b}, 2, 0},
		{"same items again", []rssItem{a, b}, 0, 0},
		{"one new, one edited", []rssItem{c, a, {"b", "B", "second, corrected"}}, 1, 1},
		{"an item falls out of the window", []rssItem{c}, 0, 0},
	}
	for _, s := range steps {
		sw.set(body(rss("", s.items...)))
		h.clk.Advance(time.Hour)
		res, _ := h.fetch(f.ID)
		if res.Err != "" || res.New != s.new || res.Updated != s.updated {
			t.Fatalf("%s: new %d updated %d err %q; want %d, %d, none", s.name, res.New, res.Updated, res.Err, s.new, s.updated)
		}
	}
	items, err := h.st.Items(context.Background(), vigil.ItemQuery{UserID: h.user.ID})
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 3 {
		t.Fatalf("stored %d items, want 3", len(items))
	}
	for _, it := range items {
		if it.Key == "b" && !strings.Contains(it.Summary+it.Content, "corrected") {
			t.Fatalf("edited item not updated in place: %+v", it)
		}
	}
	obs, err := h.st.Observations(context.Background(), f.ID, 10)
	if err != nil || len(obs) != 4 || obs[0].Items != 1 || obs[1].NewItems != 1 || obs[1].Updated != 1 || obs[3].NewItems != 2 {
		t.Fatalf("observations %+v, %v; want 4 with the counts of each fetch", obs, err)
	}
}

func TestConditionalGet(t *testing.T) {
	h := newHarness(t, Config{})
	srv, sw := serve(t, nil)
	var gotTag, gotSince string
	sw.set(func(w http.ResponseWriter, r *http.Request) {
		gotTag, gotSince = r.Header.Get("If-None-Match"), r.Header.Get("If-Modified-Since")
		if gotTag == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", `"v1"`)
		w.Header().Set("Last-Modified", "Mon, 02 Mar 2026 08:00:00 GMT")
		body(rss("", rssItem{"a", "A", "x"}))(w, r)
	})
	f := h.subscribe(srv.URL + "/")
	if res, _ := h.fetch(f.ID); res.New != 1 {
		t.Fatalf("first fetch stored %d items, want 1", res.New)
	}
	h.clk.Advance(time.Hour)
	res, after := h.fetch(f.ID)
	if res.Status != http.StatusNotModified || res.Err != "" {
		t.Fatalf("revalidation: status %d err %q, want 304 and no error", res.Status, res.Err)
	}
	if gotTag != `"v1"` || gotSince != "Mon, 02 Mar 2026 08:00:00 GMT" {
		t.Fatalf("validators sent: %q %q", gotTag, gotSince)
	}
	if after.ETag != `"v1"` || after.Failures != 0 || after.LastSuccess != h.clk.Now() {
		t.Fatalf("after 304: etag %q failures %d last success %v", after.ETag, after.Failures, after.LastSuccess)
	}
	obs, _ := h.st.Observations(context.Background(), f.ID, 1)
	if len(obs) != 1 || !obs[0].NotModified {
		t.Fatalf("the 304 was not recorded as not modified: %+v", obs)
	}
}

func TestFaults(t *testing.T) {
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + closed.Addr().String() + "/feed"
	closed.Close()
	tests := []struct {
		name         string
		handler      http.HandlerFunc
		url          string // overrides the test server
		failures     int
		missing      int
		errHas       string
		minNext      time.Duration
		maxNext      time.Duration
		keepsNoItems bool
	}{
		{"server error backs off", status(500), "", 1, 0, "500 Internal Server Error", 4 * time.Minute, 6 * time.Minute, true},
		{"html instead of a feed", func(w http.ResponseWriter, _ *http.Request) {
			w.Write([]byte("<html><body>hello</body></html>"))
		}, "", 1, 0, "feed", 4 * time.Minute, 6 * time.Minute, true},
		{"429 with Retry-After seconds", status(429, "Retry-After", "7200"), "", 0, 0, "429", 2 * time.Hour, 2 * time.Hour, true},
		{"503 with Retry-After date", status(503, "Retry-After", t0.Add(3*time.Hour).Format(http.TimeFormat)), "", 0, 0, "503", 3 * time.Hour, 3 * time.Hour, true},
		{"503 without Retry-After waits the throttle delay", status(503), "", 0, 0, "503", time.Hour, time.Hour, true},
		{"hostile Retry-After is capped", status(429, "Retry-After", "99999999"), "", 0, 0, "429", 7 * 24 * time.Hour, 7 * 24 * time.Hour, true},
		{"Retry-After 0 waits the first retry delay", status(429, "Retry-After", "0"), "", 0, 0, "429", 5 * time.Minute, 5 * time.Minute, true},
		{"a past Retry-After date too", status(503, "Retry-After", t0.Add(-time.Hour).Format(http.TimeFormat)), "", 0, 0, "503", 5 * time.Minute, 5 * time.Minute, true},
		{"404 counts toward gone", status(404), "", 1, 1, "404 Not Found", 4 * time.Minute, 6 * time.Minute, true},
		{"410", status(410), "", 1, 1, "410 Gone", 4 * time.Minute, 6 * time.Minute, true},
		{"connection refused", nil, refused, 1, 0, "refused", 4 * time.Minute, 6 * time.Minute, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, Config{})
			url := tc.url
			if url == "" {
				srv, _ := serve(t, tc.handler)
				url = srv.URL + "/feed"
			}
			f := h.subscribe(url)
			res, after := h.fetch(f.ID)
			if after.Failures != tc.failures || after.Missing != tc.missing {
				t.Fatalf("failures %d missing %d, want %d and %d", after.Failures, after.Missing, tc.failures, tc.missing)
			}
			if !strings.Contains(after.LastError, tc.errHas) || res.Err == "" {
				t.Fatalf("last error %q does not say %q", after.LastError, tc.errHas)
			}
			if after.Status != vigil.FeedActive {
				t.Fatalf("one bad answer changed the status to %s", after.Status)
			}
			if d := after.NextFetch.Sub(h.clk.Now()); d < tc.minNext || d > tc.maxNext {
				t.Fatalf("next fetch in %v, want within [%v, %v]", d, tc.minNext, tc.maxNext)
			}
			obs, _ := h.st.Observations(context.Background(), f.ID, 5)
			if len(obs) != 1 || obs[0].Error == "" {
				t.Fatalf("the failure was not recorded as an observation: %+v", obs)
			}
		})
	}
}

func TestFailingFeedBacksOffTurnsBrokenAndRecovers(t *testing.T) {
	h := newHarness(t, Config{BackoffJitter: 0.0001})
	srv, sw := serve(t, status(502))
	f := h.subscribe(srv.URL + "/")
	var delays []time.Duration
	var st vigil.Feed
	for range 12 {
		_, st = h.fetchAtNext(f.ID)
		delays = append(delays, st.NextFetch.Sub(st.LastFetch))
	}
	for i := 1; i < len(delays); i++ {
		if delays[i] < delays[i-1] || delays[i] > 24*time.Hour {
			t.Fatalf("retry delays %v: not growing up to the 24 h cap", delays)
		}
	}
	if delays[len(delays)-1] < 23*time.Hour {
		t.Fatalf("retry delay never reached the cap: %v", delays)
	}
	if st.Status != vigil.FeedBroken || st.Failures != 12 {
		t.Fatalf("after %v of failures: status %s failures %d, want broken and 12", h.clk.Now().Sub(t0), st.Status, st.Failures)
	}
	if st.NextFetch.IsZero() {
		t.Fatal("a broken feed was dropped from the schedule")
	}
	sw.set(body(rss("", rssItem{"a", "A", "back"})))
	res, st := h.fetchAtNext(f.ID)
	if res.New != 1 || st.Status != vigil.FeedActive || st.Failures != 0 || st.LastError != "" || !st.FailingSince.IsZero() {
		t.Fatalf("after recovery: %+v", st)
	}
}

func TestRepeated404MarksGone(t *testing.T) {
	h := newHarness(t, Config{GoneAfter: 3})
	srv, _ := serve(t, status(404))
	f := h.subscribe(srv.URL + "/")
	var st vigil.Feed
	for i := range 3 {
		_, st = h.fetchAtNext(f.ID)
		if want := i == 2; (st.Status == vigil.FeedGone) != want {
			t.Fatalf("after %d answers of 404: status %s", i+1, st.Status)
		}
	}
	if st.NextFetch.IsZero() {
		t.Fatal("a gone feed was dropped from the schedule")
	}
}

func TestServerHintsBindTheSchedule(t *testing.T) {
	tests := []struct {
		name    string
		extra   string
		header  []string
		atLeast time.Duration
		atMost  time.Duration
		check   func(next time.Time) bool
	}{
		// Without hints the planner's 10-minute maximum decides: every hint
		// below must push the fetch beyond it.
		{"no hints", "", nil, 0, 10 * time.Minute, nil},
		{"ttl in minutes", "<ttl>180</ttl>", nil, 3 * time.Hour, 3 * time.Hour, nil},
		{"syndication update period", `<sy:updatePeriod xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">daily</sy:updatePeriod>`, nil, 24 * time.Hour, 24 * time.Hour, nil},
		{"ttl of a year is capped", "<ttl>525600</ttl>", nil, 7 * 24 * time.Hour, 7 * 24 * time.Hour, nil},
		{"Cache-Control max-age", "", []string{"Cache-Control", "max-age=14400"}, 4 * time.Hour, 4 * time.Hour, nil},
		{"Expires", "", []string{"Expires", t0.Add(5 * time.Hour).Format(http.TimeFormat)}, 5 * time.Hour, 5 * time.Hour, nil},
		{"skip hours", "<skipHours><hour>9</hour><hour>10</hour><hour>11</hour></skipHours>", nil, 3 * time.Hour, 3 * time.Hour, func(n time.Time) bool {
			return n.UTC().Hour() == 12
		}},
		{"skip days", "<skipDays><day>Monday</day></skipDays>", nil, 15 * time.Hour, 15 * time.Hour, func(n time.Time) bool {
			return n.UTC().Weekday() == time.Tuesday
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, Config{})
			h.mon.planner = &plan.EWMA{Bounds: plan.Bounds{Min: time.Minute, Max: 10 * time.Minute}}
			srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
				for i := 0; i+1 < len(tc.header); i += 2 {
					w.Header().Set(tc.header[i], tc.header[i+1])
				}
				body(rss(tc.extra, rssItem{"a", "A", "x"}))(w, r)
			})
			f := h.subscribe(srv.URL + "/")
			_, st := h.fetch(f.ID)
			if st.LastError != "" {
				t.Fatal(st.LastError)
			}
			if d := st.NextFetch.Sub(h.clk.Now()); d < tc.atLeast || d > tc.atMost {
				t.Fatalf("next fetch in %v, want within [%v, %v] (hints %+v)", d, tc.atLeast, tc.atMost, st.Hints)
			}
			if tc.check != nil && !tc.check(st.NextFetch) {
				t.Fatalf("next fetch %v falls in a skipped hour or day (hints %+v)", st.NextFetch, st.Hints)
			}
		})
	}
}

func TestRedirects(t *testing.T) {
	tests := []struct {
		code  int
		moved bool
	}{{301, true}, {308, true}, {302, false}, {307, false}}
	for _, tc := range tests {
		t.Run(http.StatusText(tc.code), func(t *testing.T) {
			h := newHarness(t, Config{})
			srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/old" {
					http.Redirect(w, r, "/new", tc.code)
					return
				}
				body(rss("", rssItem{"a", "A", "x"}))(w, r)
			})
			f := h.subscribe(srv.URL + "/old")
			res, st := h.fetch(f.ID)
			if res.New != 1 {
				t.Fatalf("redirected fetch stored %d items", res.New)
			}
			wantURL := srv.URL + "/old"
			if tc.moved {
				wantURL = srv.URL + "/new"
			}
			if st.URL != wantURL {
				t.Fatalf("feed URL %s, want %s", st.URL, wantURL)
			}
			notices, _ := h.st.Notices(context.Background(), h.user.ID)
			if (len(notices) == 1) != tc.moved {
				t.Fatalf("notices %+v; subscribers must be told of a permanent move only", notices)
			}
		})
	}
}

func TestRedirectTargetsAreNormalisedAndNeedAGoodAnswer(t *testing.T) {
	h := newHarness(t, Config{})
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/old":
			w.Header().Set("Location", strings.Replace(srvURL(r), "127.0.0.1", "127.0.0.1", 1)+"/New#frag")
			w.WriteHeader(http.StatusMovedPermanently)
		case "/dead":
			http.Redirect(w, r, "/nowhere", http.StatusMovedPermanently)
		case "/New":
			body(rss("", rssItem{"a", "A", "x"}))(w, r)
		default:
			http.NotFound(w, r)
		}
	})
	moved := h.subscribe(srv.URL + "/old")
	if _, st := h.fetch(moved.ID); st.URL != srv.URL+"/New" {
		t.Fatalf("moved to %q, want the normalised %q", st.URL, srv.URL+"/New")
	}
	dead := h.subscribe(srv.URL + "/dead")
	if _, st := h.fetch(dead.ID); st.URL != srv.URL+"/dead" {
		t.Fatalf("a permanent redirect to a 404 moved the feed to %q", st.URL)
	}
}

// TestRedirectIntoAFollowedFeedAlertsItsFollowers checks that a permanent
// redirect onto a feed that is already stored merges the old feed into it
// and makes it due: its next fetch's new items alert the followers it
// already had (bob's rule on every feed) and the movers (ann's rule, which
// moves with her to the feed), and the old feed's row takes no item.
func TestRedirectIntoAFollowedFeedAlertsItsFollowers(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t, Config{})
	var mu sync.Mutex
	items := []rssItem{{"w", "Weather: rain", "x"}}
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			http.Redirect(w, r, "/new", http.StatusMovedPermanently)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		body(rss("", items...))(w, r)
	})
	old := h.subscribe(srv.URL + "/old")
	bob := &vigil.User{Name: "bob", PasswordHash: "x", TokenHash: "t-bob"}
	if err := h.st.CreateUser(ctx, bob); err != nil {
		t.Fatal(err)
	}
	sub, err := h.st.Subscribe(ctx, bob.ID, srv.URL+"/new", 1, h.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []vigil.AlertRule{{UserID: h.user.ID, FeedID: old.ID, Query: "rocket"}, {UserID: bob.ID, Query: "launch"}} {
		if _, err := h.st.AddChannel(ctx, vigil.Channel{UserID: r.UserID, URL: "generic+http://127.0.0.1:9/" + strconv.FormatInt(r.UserID, 10), Created: t0}); err != nil {
			t.Fatal(err)
		}
		r.Created = t0
		if _, err := h.st.AddAlertRule(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	h.fetch(sub.Feed.ID) // the feed's backlog, which alerts nobody
	mu.Lock()
	items = append(items, rssItem{"a", "Rocket launch today", "x"})
	mu.Unlock()
	h.clk.Advance(time.Hour)
	res, _ := h.fetch(old.ID)
	if res.MovedTo != srv.URL+"/new" || res.New != 0 {
		t.Fatalf("fetch of the old URL = %+v, want moved to /new, storing nothing", res)
	}
	if due := h.feed(sub.Feed.ID).NextFetch; due.After(h.clk.Now()) {
		t.Fatalf("the feed merged into is next fetched at %v, want it due now (%v)", due, h.clk.Now())
	}
	if res, _ = h.fetch(sub.Feed.ID); res.New != 1 {
		t.Fatalf("the fetch of the feed merged into = %+v, want its 1 new item", res)
	}
	if n, err := h.st.PendingMessages(ctx); err != nil || n != 2 {
		t.Errorf("pending alerts = %d, %v; want 2, ann's and bob's", n, err)
	}
	rules, err := h.st.AlertRules(ctx, h.user.ID)
	if err != nil || len(rules) != 1 || rules[0].FeedID != sub.Feed.ID {
		t.Errorf("ann's rules after the move = %+v, %v; want her rule on feed %d", rules, err, sub.Feed.ID)
	}
	if f := h.feed(old.ID); f.ItemCount != 0 {
		t.Errorf("the old feed's row holds %d items, want none", f.ItemCount)
	}
}

// srvURL is the scheme and host the request came to.
func srvURL(r *http.Request) string { return "http://" + r.Host }

func TestDueListGoingStaleDoesNotFetchTwice(t *testing.T) {
	h := newHarness(t, Config{Workers: 2, PerHost: 4})
	h.mon.hosts = fetch.NewHostLimiter(4, 0, h.clk) // x, y and z share one host
	gates := map[string]chan struct{}{"/x": make(chan struct{}), "/y": make(chan struct{})}
	var once = map[string]*sync.Once{"/x": {}, "/y": {}}
	open := func(p string) { once[p].Do(func() { close(gates[p]) }) }
	t.Cleanup(func() { open("/x"); open("/y") }) // never leave a handler blocked
	var mu sync.Mutex
	hits := map[string]int{}
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits[r.URL.Path]++
		mu.Unlock()
		if g, ok := gates[r.URL.Path]; ok {
			<-g
		}
		body(rss("", rssItem{"a" + r.URL.Path, "A", "x"}))(w, r)
	})
	count := func(p string) int { mu.Lock(); defer mu.Unlock(); return hits[p] }
	x, y := h.subscribe(srv.URL+"/x"), h.subscribe(srv.URL+"/y")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.mon.Run(ctx) }()
	waitUntil(t, func() bool { return count("/x") == 1 && count("/y") == 1 })
	// Both workers are busy with x and y.
	z := h.subscribe(srv.URL + "/z")
	// z is due earliest, so the due list reads z, x, y: handing z over
	// waits for x to finish, after which the list still names x as due.
	if err := h.st.SetNextFetch(context.Background(), z.ID, h.clk.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	h.mon.Wake()
	time.Sleep(50 * time.Millisecond)
	open("/x")
	waitUntil(t, func() bool { return h.feed(z.ID).ItemCount == 1 && h.feed(x.ID).ItemCount == 1 })
	open("/y")
	waitUntil(t, func() bool { return h.feed(y.ID).ItemCount == 1 })
	cancel()
	<-done
	if n := count("/x"); n != 1 {
		t.Fatalf("feed x was fetched %d times from one due list", n)
	}
	if obs, _ := h.st.Observations(context.Background(), x.ID, 10); len(obs) != 1 {
		t.Fatalf("feed x has %d observations, want 1", len(obs))
	}
}

func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 10 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestBudgetLimitsAPass(t *testing.T) {
	h := newHarness(t, Config{BudgetPerHour: 2})
	srv, _ := serve(t, body(rss("", rssItem{"a", "A", "x"})))
	for _, p := range []string{"/1", "/2", "/3", "/4", "/5"} {
		h.subscribe(srv.URL + p)
	}
	pass, err := h.mon.RunOnce(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(pass.Results) != 2 || pass.Skipped != 3 {
		t.Fatalf("pass fetched %d and skipped %d, want 2 and 3", len(pass.Results), pass.Skipped)
	}
	// A restart within the hour remembers what was spent.
	h2, err := New(Deps{Store: h.st, Client: h.mon.client, Hosts: h.mon.hosts, Planner: h.mon.planner, Clock: h.clk}, Config{BudgetPerHour: 2})
	if err != nil {
		t.Fatal(err)
	}
	h.clk.Advance(30 * time.Minute)
	if pass, _ = h2.RunOnce(context.Background(), true); len(pass.Results) != 0 {
		t.Fatalf("after a restart the spent budget allowed %d more fetches", len(pass.Results))
	}
}

func TestRunFetchesUntilCancelled(t *testing.T) {
	h := newHarness(t, Config{Workers: 2})
	srv, _ := serve(t, body(rss("", rssItem{"a", "A", "x"}, rssItem{"b", "B", "y"})))
	f := h.subscribe(srv.URL + "/")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.mon.Run(ctx) }()
	h.mon.Wake()
	deadline := time.Now().Add(10 * time.Second)
	for h.feed(f.ID).ItemCount < 2 {
		if time.Now().After(deadline) {
			t.Fatal("the loop did not fetch the due feed")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop after cancellation")
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	h := newHarness(t, Config{})
	deps := Deps{Store: h.st, Client: h.mon.client, Hosts: h.mon.hosts, Planner: h.mon.planner, Clock: h.clk}
	for _, cfg := range []Config{{Workers: -1}, {BudgetPerHour: -5}, {BackoffJitter: 1.5}, {Tick: -time.Second}} {
		if _, err := New(deps, cfg); err == nil {
			t.Errorf("New accepted %+v", cfg)
		}
	}
	if _, err := New(Deps{}, Config{}); err == nil {
		t.Error("New accepted missing collaborators")
	}
}
