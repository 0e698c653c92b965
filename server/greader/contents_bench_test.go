package greader_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"vigil"
	"vigil/account"
	"vigil/internal/benchsize"
	"vigil/server"
	"vigil/store"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/sqlite"
)

// syncFeeds is how many feeds the user of the sync benchmarks follows:
// 5,000 (100,000 items of about 2 KB of HTML), or 250 when the
// documentation's test runs the benchmarks' commands (internal/benchsize).
var syncFeeds = benchsize.Pick(5000, 250)

// syncFeedItems is how many items each of the feeds holds.
const syncFeedItems = 20

// syncStores opens each store the sync benchmarks run on, and returns a
// function to call once it is filled.
var syncStores = []struct {
	name string
	open func(b *testing.B) (store.Store, func())
}{
	{"sqlite", func(b *testing.B) (store.Store, func()) {
		st, err := sqlite.Open(filepath.Join(b.TempDir(), "v.db"))
		if err != nil {
			b.Fatal(err)
		}
		return st, func() {}
	}},
	{"postgres", func(b *testing.B) (store.Store, func()) {
		url := pgtest.Schema(b)
		st, err := postgres.Open(context.Background(), url)
		if err != nil {
			b.Fatal(err)
		}
		return st, func() { analyze(b, url) }
	}},
}

// analyze gathers the planner's statistics of the PostgreSQL schema at
// url, as autovacuum does within a minute or so of a bulk load: the
// benchmark measures a server past that minute.
func analyze(b *testing.B, url string) {
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), "ANALYZE items, feeds, subscriptions, item_states"); err != nil {
		b.Fatal(err)
	}
}

// syncServer fills st as syncFeeds and syncFeedItems say, the items
// published a minute apart or, tied, all at one time, and returns vigil's
// handler over it, the user's Auth token and the IDs of the reading list,
// newest first.
func syncServer(b *testing.B, st store.Store, tied bool) (http.Handler, string, []string) {
	ctx := context.Background()
	digest, _ := account.HashPassword("pw", 1000)
	u := &vigil.User{Name: "sync", PasswordHash: digest, CreatedAt: testNow}
	if err := st.CreateUser(ctx, u); err != nil {
		b.Fatal(err)
	}
	para := strings.Repeat("<p>A paragraph of an <em>article</em> with <a href=\"https://example.com/\">a link</a> and words enough to fill a line or two.</p>", 16)
	for f := range syncFeeds {
		sub, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("https://f%d.example/feed", f), 1, testNow)
		if err != nil {
			b.Fatal(err)
		}
		batch := make([]vigil.Item, syncFeedItems)
		for i := range batch {
			batch[i] = vigil.Item{Key: fmt.Sprint(i), Hash: fmt.Sprint(i), Title: fmt.Sprintf("Item %d of %d", i, f), URL: fmt.Sprintf("https://f%d.example/%d", f, i),
				Content: fmt.Sprintf("<p>Item %d of feed %d.</p>", i, f) + para, Published: testNow.Add(-time.Duration(i*syncFeeds+f) * time.Minute)}
			if tied {
				batch[i].Published = testNow.Add(-time.Hour)
			}
		}
		fetched := vigil.Fetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: testNow, Status: 200}, Items: batch}
		if _, err := st.Ingest(ctx, fetched, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
			b.Fatal(err)
		}
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := server.New(st, server.Config{Now: func() time.Time { return testNow }, Logger: quiet})
	rec := serve(h, "POST", "/accounts/ClientLogin", "", url.Values{"Email": {"sync"}, "Passwd": {"pw"}})
	_, auth, _ := strings.Cut(rec.Body.String(), "Auth=")
	auth = strings.TrimSpace(auth)
	rec = serve(h, "GET", "/reader/api/0/stream/items/ids?n=10000&s=user/-/state/com.google/reading-list", auth, nil)
	var ids []string
	for _, part := range strings.Split(rec.Body.String(), `"id":"`)[1:] {
		id, _, _ := strings.Cut(part, `"`)
		ids = append(ids, id)
	}
	if want := min(10000, syncFeeds*syncFeedItems); len(ids) != want {
		b.Fatalf("the reading list gave %d IDs, want %d: %.300s", len(ids), want, rec.Body)
	}
	return h, auth, ids
}

// serve sends one request to h, with form as a POST body.
func serve(h http.Handler, method, path, auth string, form url.Values) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if auth != "" {
		req.Header.Set("Authorization", "GoogleLogin auth="+auth)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// BenchmarkSync measures a reader app's sync at 100,000 items in 5,000
// feeds on each store: stream/items/contents of 50 IDs (successive
// chunks of the newest 10,000, so the sanitiser's cache does not answer
// them all) and the IDs of the reading list, 1,000 at a time.
func BenchmarkSync(b *testing.B) {
	for _, s := range syncStores {
		b.Run(s.name, func(b *testing.B) {
			st, filled := s.open(b)
			b.Cleanup(func() { st.Close() })
			h, auth, ids := syncServer(b, st, false)
			filled()
			b.Run("contents50", func(b *testing.B) {
				chunk := 0
				for b.Loop() {
					start := chunk * 50 % len(ids)
					chunk++
					rec := serve(h, "POST", "/reader/api/0/stream/items/contents", auth, url.Values{"i": ids[start : start+50]})
					if rec.Code != 200 || strings.Count(rec.Body.String(), `"crawlTimeMsec"`) != 50 {
						b.Fatalf("contents: %d %.300s", rec.Code, rec.Body)
					}
				}
			})
			b.Run("ids1000", func(b *testing.B) {
				for b.Loop() {
					rec := serve(h, "GET", "/reader/api/0/stream/items/ids?n=1000&s=user/-/state/com.google/reading-list", auth, nil)
					if rec.Code != 200 {
						b.Fatalf("ids: %d %.300s", rec.Code, rec.Body)
					}
				}
			})
		})
	}
}

// BenchmarkTiedIDs measures the IDs of the reading list, 1,000 at a time
// page after page by continuation, where its 100,000 items of 5,000 feeds
// share one publication time (a farm that stamps every item alike), on
// each store: every page past the first continues inside the tied group.
func BenchmarkTiedIDs(b *testing.B) {
	for _, s := range syncStores {
		b.Run(s.name, func(b *testing.B) {
			st, filled := s.open(b)
			b.Cleanup(func() { st.Close() })
			h, auth, _ := syncServer(b, st, true)
			filled()
			b.Run("ids1000", func(b *testing.B) {
				c := ""
				for b.Loop() {
					c = nextIDs(b, h, auth, c)
				}
			})
		})
	}
}

// nextIDs requests the 1,000 IDs of the reading list after continuation c
// ("" for the first page) and returns the continuation of the next page,
// "" after the last.
func nextIDs(b *testing.B, h http.Handler, auth, c string) string {
	q := url.Values{"n": {"1000"}, "s": {"user/-/state/com.google/reading-list"}}
	if c != "" {
		q.Set("c", c)
	}
	rec := serve(h, "GET", "/reader/api/0/stream/items/ids?"+q.Encode(), auth, nil)
	var page struct {
		ItemRefs     []struct{} `json:"itemRefs"`
		Continuation string     `json:"continuation"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &page); rec.Code != 200 || err != nil || len(page.ItemRefs) == 0 {
		b.Fatalf("ids after %q: %d %v %.300s", c, rec.Code, err, rec.Body)
	}
	return page.Continuation
}
