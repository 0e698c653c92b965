package web

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"vigil"
	"vigil/server/internal/httpauth"
	"vigil/store/sqlite"
)

// BenchmarkDashboard200 gathers and draws the dashboard of an install of
// 200 feeds fetched hourly for the last 12 hours.
func BenchmarkDashboard200(b *testing.B) { benchDashboard(b, 200) }

// BenchmarkDashboard10000 is BenchmarkDashboard200 over 10,000 feeds: the
// dashboard reads the recent fetches of all of them in one query.
func BenchmarkDashboard10000(b *testing.B) { benchDashboard(b, 10000) }

// benchDashboard gathers the dashboard of n feeds fetched hourly for the
// last 12 hours.
func benchDashboard(b *testing.B, n int) {
	ctx := context.Background()
	st, err := sqlite.Open(filepath.Join(b.TempDir(), "v.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	u := &vigil.User{Name: "alice", PasswordHash: "x", TokenHash: "y"}
	if err := st.CreateUser(ctx, u); err != nil {
		b.Fatal(err)
	}
	for i := range n {
		sub, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("https://example.com/%d.xml", i), 1, testNow)
		if err != nil {
			b.Fatal(err)
		}
		for h := range 12 {
			f := vigil.Fetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{FeedID: sub.Feed.ID, At: testNow.Add(-time.Duration(h) * time.Hour), Status: 200}}
			if _, err := st.Ingest(ctx, f, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
				b.Fatal(err)
			}
		}
	}
	s := newTestHandlers(st, 400)
	sess := &session{Session: &httpauth.Session{User: u}}
	for b.Loop() {
		if _, err := s.dashboard(ctx, sess); err != nil {
			b.Fatal(err)
		}
	}
}
