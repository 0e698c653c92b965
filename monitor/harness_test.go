package monitor

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/clock"
	"vigil/fetch"
	"vigil/plan"
	"vigil/store/sqlite"
)

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) // a Monday

// harness is a monitor over a real SQLite file, the real HTTP client and a
// virtual clock, with one user.
type harness struct {
	t    *testing.T
	st   *sqlite.DB
	clk  *clock.Virtual
	mon  *Monitor
	user *vigil.User
}

func newHarness(t *testing.T, cfg Config) *harness {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "vigil.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clk := clock.NewVirtual(t0)
	mon, err := New(Deps{
		Store:   st,
		Client:  fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second, Clock: clk}),
		Hosts:   fetch.NewHostLimiter(1, 0, clk),
		Planner: &plan.EWMA{Bounds: plan.DefaultBounds},
		Clock:   clk,
		Logger:  slog.New(slog.DiscardHandler),
	}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	u := &vigil.User{Name: "ann", PasswordHash: "x", TokenHash: "t-ann"}
	if err := st.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return &harness{t: t, st: st, clk: clk, mon: mon, user: u}
}

// subscribe makes the user follow url and returns the feed.
func (h *harness) subscribe(url string) vigil.Feed {
	h.t.Helper()
	sub, err := h.st.Subscribe(context.Background(), h.user.ID, url, 1, h.clk.Now())
	if err != nil {
		h.t.Fatal(err)
	}
	return sub.Feed
}

// feed reloads a feed from the store.
func (h *harness) feed(id int64) vigil.Feed {
	h.t.Helper()
	f, err := h.st.Feed(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return *f
}

// fetch fetches a feed now, as stored, and returns the result and the
// feed's new state.
func (h *harness) fetch(id int64) (Result, vigil.Feed) {
	h.t.Helper()
	res, err := h.mon.FetchFeed(context.Background(), h.feed(id))
	if err != nil {
		h.t.Fatal(err)
	}
	return res, h.feed(id)
}

// fetchAtNext moves the clock to the feed's next fetch and fetches it.
func (h *harness) fetchAtNext(id int64) (Result, vigil.Feed) {
	h.clk.Set(h.feed(id).NextFetch)
	return h.fetch(id)
}

// steadyFeeds serves feeds that publish steadily on the harness's clock:
// the feed at a path shows its last 10 items, one every every(path).
func (h *harness) steadyFeeds(every func(path string) time.Duration) *httptest.Server {
	h.t.Helper()
	srv, _ := serve(h.t, func(w http.ResponseWriter, r *http.Request) {
		step := every(r.URL.Path)
		var items []rssItem
		now := h.clk.Now()
		for i := range 10 {
			n := now.Truncate(step).Add(-time.Duration(i) * step).Unix()
			items = append(items, rssItem{fmt.Sprint(n), fmt.Sprint(n), "x"})
		}
		body(rss("", items...))(w, r)
	})
	return srv
}

// rssItem is one item of a generated feed.
type rssItem struct{ guid, title, body string }

// rss renders an RSS 2.0 document; extra goes inside <channel>.
func rss(extra string, items ...rssItem) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Test feed</title><link>http://example.org/</link>`)
	b.WriteString(extra)
	for _, it := range items {
		fmt.Fprintf(&b, "<item><guid>%s</guid><title>%s</title><description>%s</description></item>", it.guid, it.title, it.body)
	}
	b.WriteString("</channel></rss>")
	return b.String()
}

// switchable is a test server whose handler can be replaced between fetches.
type switchable struct {
	mu sync.Mutex
	h  http.HandlerFunc
	n  int
}

func (s *switchable) set(h http.HandlerFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.h = h
}

func (s *switchable) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	h := s.h
	s.n++
	s.mu.Unlock()
	h(w, r)
}

func serve(t *testing.T, h http.HandlerFunc) (*httptest.Server, *switchable) {
	t.Helper()
	sw := &switchable{h: h}
	srv := httptest.NewServer(sw)
	t.Cleanup(srv.Close)
	return srv, sw
}

func body(s string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, s)
	}
}

func status(code int, header ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.WriteHeader(code)
	}
}
