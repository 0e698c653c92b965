// Package apptest gives the reader-app API tests (Google Reader, Fever) the
// same fixture: vigil's whole server over a real SQLite file in which one
// user follows two feeds of three items each.
package apptest

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/server"
	"vigil/store/sqlite"
)

// User and Token are the fixture user's name and API token.
const (
	User  = "fuzz"
	Token = "fuzz-token"
)

// Server returns vigil's server over a new store, running at now, where
// User (API token Token) follows two feeds of three items, the second in
// the folder Tech.
func Server(tb testing.TB, now time.Time) http.Handler {
	tb.Helper()
	st, err := sqlite.Open(filepath.Join(tb.TempDir(), "v.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	ctx := context.Background()
	u := &vigil.User{Name: User, PasswordHash: "x", TokenHash: account.HashToken(Token)}
	if err := st.CreateUser(ctx, u); err != nil {
		tb.Fatal(err)
	}
	for i, url := range []string{"https://a.example/feed", "https://t.example/feed"} {
		sub, err := st.Subscribe(ctx, u.ID, url, 1, now)
		if err != nil {
			tb.Fatal(err)
		}
		if i == 1 {
			if err := st.SetFolder(ctx, u.ID, sub.Feed.ID, "Tech"); err != nil {
				tb.Fatal(err)
			}
		}
		ingest(tb, st, sub.Feed.ID, fmt.Sprint(i), now)
	}
	return server.New(st, server.Config{Now: func() time.Time { return now }, Logger: slog.New(slog.DiscardHandler)})
}

// ingest stores three items in the feed, published in the three hours
// before now.
func ingest(tb testing.TB, st *sqlite.DB, feedID int64, prefix string, now time.Time) {
	tb.Helper()
	items := make([]vigil.Item, 3)
	for i := range items {
		items[i] = vigil.Item{Key: fmt.Sprintf("%s-%d", prefix, i), Hash: fmt.Sprintf("h%s-%d", prefix, i),
			Title: "Item " + prefix, Content: "<p>body</p>", Published: now.Add(-time.Duration(3-i) * time.Hour)}
	}
	fetched := vigil.Fetched{FeedID: feedID, Observation: vigil.Observation{At: now, Status: 200, Items: len(items)}, Items: items}
	if _, err := st.Ingest(context.Background(), fetched, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
		tb.Fatal(err)
	}
}
