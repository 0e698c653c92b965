package greader_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/server"
	"vigil/store/sqlite"
)

// benchServer returns vigil's handler over a store where one user follows
// feeds feeds of items items each, and that user's Auth token.
func benchServer(b *testing.B, feeds, items int) (http.Handler, string) {
	st, err := sqlite.Open(filepath.Join(b.TempDir(), "v.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	ctx := context.Background()
	digest, _ := account.HashPassword("pw", 1000)
	u := &vigil.User{Name: "bench", PasswordHash: digest, CreatedAt: testNow}
	if err := st.CreateUser(ctx, u); err != nil {
		b.Fatal(err)
	}
	for f := range feeds {
		sub, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("https://f%d.example/feed", f), 1, testNow)
		if err != nil {
			b.Fatal(err)
		}
		if err := st.SetFolder(ctx, u.ID, sub.Feed.ID, fmt.Sprintf("Folder %d", f%10)); err != nil {
			b.Fatal(err)
		}
		batch := make([]vigil.Item, items)
		for i := range batch {
			batch[i] = vigil.Item{Key: fmt.Sprint(i), Hash: fmt.Sprint(i), Title: fmt.Sprintf("Item %d of %d", i, f),
				Content: "<p>" + strings.Repeat("words ", 100) + "</p>", Published: testNow.Add(-time.Duration(i*feeds+f) * time.Minute)}
		}
		fetched := vigil.Fetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: testNow, Status: 200}, Items: batch}
		if _, err := st.Ingest(ctx, fetched, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
			b.Fatal(err)
		}
	}
	h := server.New(st, server.Config{Now: func() time.Time { return testNow }})
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/accounts/ClientLogin", strings.NewReader(url.Values{"Email": {"bench"}, "Passwd": {"pw"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	h.ServeHTTP(rec, req)
	_, auth, _ := strings.Cut(rec.Body.String(), "Auth=")
	return h, strings.TrimSpace(auth)
}

// benchGet serves GET path b.N times and fails on any status but 200.
func benchGet(b *testing.B, h http.Handler, auth, path string) {
	b.ResetTimer()
	for b.Loop() {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", "GoogleLogin auth="+auth)
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
		}
	}
}

// BenchmarkItemIDs1000 lists 1,000 unread item IDs of the reading list
// among 20,000 items of 200 feeds: what an app's sync starts with.
func BenchmarkItemIDs1000(b *testing.B) {
	h, auth := benchServer(b, 200, 100)
	benchGet(b, h, auth, "/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read&n=1000")
}

// BenchmarkContents100 returns 100 items with their content.
func BenchmarkContents100(b *testing.B) {
	h, auth := benchServer(b, 200, 100)
	benchGet(b, h, auth, "/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=100")
}

// BenchmarkUnreadCount200 counts the unread items of 200 feeds in 10
// folders.
func BenchmarkUnreadCount200(b *testing.B) {
	h, auth := benchServer(b, 200, 100)
	benchGet(b, h, auth, "/reader/api/0/unread-count")
}
