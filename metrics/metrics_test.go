package metrics_test

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/clock"
	"vigil/fetch"
	"vigil/metrics"
	"vigil/monitor"
	"vigil/plan"
	"vigil/server"
	"vigil/store/sqlite"
)

// rss is the feed the test's good host serves: two items.
const rss = `<rss version="2.0"><channel><title>Good</title><link>http://example.org/</link>` +
	`<item><guid>1</guid><title>One</title><pubDate>Mon, 02 Mar 2026 08:00:00 GMT</pubDate></item>` +
	`<item><guid>2</guid><title>Two</title><pubDate>Mon, 02 Mar 2026 09:00:00 GMT</pubDate></item>` +
	`</channel></rss>`

// world is a real store, monitor and server, with metrics, and two
// feeds on loopback: one good, one failing.
type world struct {
	t       *testing.T
	db      *sqlite.DB
	mon     *monitor.Monitor
	url     string // the vigil server
	token   string // the user's API token
	through int64  // what the profiler watermark gauge reads
}

const metricsToken = "metrics-secret"

func newWorld(t *testing.T) *world {
	t.Helper()
	db, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	w := &world{t: t, db: db}
	log := slog.New(slog.DiscardHandler)
	m := metrics.New(metrics.Gauges{Store: db, BudgetPerHour: 10, ProfilerThrough: func() int64 { return w.through }}, log)
	st := m.Store(db)
	w.mon, err = monitor.New(monitor.Deps{
		Store: st, Client: fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second}),
		Hosts: fetch.NewHostLimiter(2, 0, clock.Wall{}), Planner: &plan.EWMA{Bounds: plan.DefaultBounds},
		Clock: clock.Wall{}, Logger: log, Events: m,
	}, monitor.Config{BudgetPerHour: 10})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(server.New(st, server.Config{Logger: log, Metrics: m, MetricsToken: metricsToken}))
	t.Cleanup(srv.Close)
	w.url = srv.URL
	w.user()
	return w
}

// user creates a user with an API token who follows a good and a failing
// feed.
func (w *world) user() {
	tok, err := account.NewSecret()
	if err != nil {
		w.t.Fatal(err)
	}
	u := &vigil.User{Name: "ann", PasswordHash: "x", TokenHash: account.HashToken(tok)}
	if err := w.db.CreateUser(context.Background(), u); err != nil {
		w.t.Fatal(err)
	}
	w.token = tok
	feeds := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/down" {
			http.Error(rw, "down", http.StatusInternalServerError)
			return
		}
		rw.Header().Set("Content-Type", "application/rss+xml")
		io.WriteString(rw, rss)
	}))
	w.t.Cleanup(feeds.Close)
	for _, path := range []string{"/good", "/down"} {
		if _, err := w.db.Subscribe(context.Background(), u.ID, feeds.URL+path, 1, time.Now().Add(-time.Minute)); err != nil {
			w.t.Fatal(err)
		}
	}
}

// fetchDue fetches every due feed once.
func (w *world) fetchDue() {
	due, err := w.db.DueFeeds(context.Background(), time.Now(), 0)
	if err != nil || len(due) != 2 {
		w.t.Fatalf("due feeds %d, %v; want 2", len(due), err)
	}
	for _, f := range due {
		if _, err := w.mon.FetchFeed(context.Background(), f); err != nil {
			w.t.Fatal(err)
		}
	}
}

// get sends a GET with a bearer token (none when empty).
func (w *world) get(path, token string) (int, string) {
	w.t.Helper()
	req, err := http.NewRequest("GET", w.url+path, nil)
	if err != nil {
		w.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		w.t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// scrape reads /metrics into a map from series (name and labels, as
// written) to value.
func (w *world) scrape() map[string]float64 {
	w.t.Helper()
	status, body := w.get("/metrics", metricsToken)
	if status != http.StatusOK {
		w.t.Fatalf("GET /metrics: %d %s", status, body)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			w.t.Fatalf("metrics line %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// TestMetricsMoveWithFetchesAndRequests scrapes a real server before and
// after real fetches of loopback feeds and API requests.
func TestMetricsMoveWithFetchesAndRequests(t *testing.T) {
	w := newWorld(t)
	before := w.scrape()
	for series, want := range map[string]float64{
		"vigil_due_feeds": 2, "vigil_budget_used_fetches": 0, "vigil_budget_left_fetches": 10,
		"vigil_budget_fetches_per_hour": 10, "vigil_profiler_lag_items": 0,
	} {
		if got, ok := before[series]; !ok || got != want {
			t.Errorf("before fetching, %s = %v (present %v), want %v", series, got, ok, want)
		}
	}
	w.fetchDue()
	if status, body := w.get("/api/feeds", w.token); status != http.StatusOK {
		t.Fatalf("GET /api/feeds: %d %s", status, body)
	}
	w.get("/api/feeds/999", w.token)
	after := w.scrape()
	tests := []struct {
		series string
		want   float64
	}{
		{`vigil_fetches_total{outcome="fetched"}`, 1},
		{`vigil_fetches_total{outcome="failed"}`, 1},
		{"vigil_fetch_duration_seconds_count", 2},
		{"vigil_items_stored_total", 2},
		{"vigil_fetch_bytes_total", float64(len(rss) + len("down\n"))},
		{"vigil_budget_used_fetches", 2},
		{"vigil_budget_left_fetches", 8},
		{"vigil_due_feeds", 0},
		{"vigil_profiler_lag_items", 2},
		{`vigil_http_requests_total{code="200",route="GET /api/feeds"}`, 1},
		{`vigil_http_requests_total{code="404",route="GET /api/feeds/{id}"}`, 1},
		{`vigil_http_requests_total{code="200",route="GET /metrics"}`, 1},
		{`vigil_store_operation_duration_seconds_count{op="Ingest"}`, 2},
		{`vigil_store_operation_duration_seconds_count{op="UserByToken"}`, 2},
	}
	for _, tt := range tests {
		if got, ok := after[tt.series]; !ok || got != tt.want {
			t.Errorf("after fetching, %s = %v (present %v), want %v", tt.series, got, ok, tt.want)
		}
	}
	if after["vigil_fetch_duration_seconds_sum"] <= 0 {
		t.Errorf("fetch latency sum %v, want > 0", after["vigil_fetch_duration_seconds_sum"])
	}
	w.through = 1
	if got := w.scrape()["vigil_profiler_lag_items"]; got != 1 {
		t.Errorf("profiler lag with the watermark at item 1 = %v, want 1", got)
	}
}

func TestMetricsToken(t *testing.T) {
	w := newWorld(t)
	for _, token := range []string{"", "wrong", w.token} {
		if status, body := w.get("/metrics", token); status != http.StatusUnauthorized || strings.Contains(body, "vigil_") {
			t.Errorf("GET /metrics with token %q: %d %s; want 401 and no metrics", token, status, body)
		}
	}
	if status, _ := w.get("/metrics", metricsToken); status != http.StatusOK {
		t.Errorf("GET /metrics with the metrics token: %d, want 200", status)
	}
}

// The plan's expected delay is exported when the planner tells one, and
// left out when it does not.
func TestPlanDelayGauge(t *testing.T) {
	tests := []struct {
		delay   time.Duration
		ok      bool
		present bool
	}{{90 * time.Minute, true, true}, {0, false, false}}
	for _, tt := range tests {
		m := metrics.New(metrics.Gauges{PlanDelay: func() (time.Duration, bool) { return tt.delay, tt.ok }}, slog.New(slog.DiscardHandler))
		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		body := rec.Body.String()
		if got := strings.Contains(body, "\nvigil_plan_expected_delay_seconds 5400\n"); got != tt.present {
			t.Errorf("delay %v, %v: exported %v, want %v:\n%s", tt.delay, tt.ok, got, tt.present, body)
		}
	}
}

// TestMetricsCountPageFetches fetches a watched page twice (a first
// version, then a change) and checks that the fetches count in
// vigil_fetches_total and the fetch histograms as feeds' fetches do, and
// that a page's change is no stored item.
func TestMetricsCountPageFetches(t *testing.T) {
	w := newWorld(t)
	body := "<html><body><p>Opening hours: 9 to 17.</p></body></html>"
	pages := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		rw.Header().Set("Content-Type", "text/html")
		io.WriteString(rw, body)
	}))
	t.Cleanup(pages.Close)
	ctx := context.Background()
	u, err := w.db.UserByName(ctx, "ann")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := w.db.FollowPage(ctx, u.ID, pages.URL+"/hours", 1, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{body, "<html><body><p>Opening hours: 10 to 16.</p></body></html>"} {
		body = text
		f, err := w.db.Feed(ctx, sub.Feed.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.mon.FetchFeed(ctx, *f); err != nil {
			t.Fatal(err)
		}
	}
	got := w.scrape()
	for series, want := range map[string]float64{
		`vigil_fetches_total{outcome="fetched"}`: 2,
		"vigil_fetch_duration_seconds_count":     2,
		"vigil_items_stored_total":               0,
	} {
		if v, ok := got[series]; !ok || v != want {
			t.Errorf("after two page fetches, %s = %v (present %v), want %v", series, v, ok, want)
		}
	}
	if got["vigil_fetch_bytes_total"] <= 0 {
		t.Errorf("page fetches read no bytes: %v", got["vigil_fetch_bytes_total"])
	}
}
