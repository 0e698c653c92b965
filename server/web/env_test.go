package web

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"vigil"
	"vigil/server/internal/httpauth"
	"vigil/server/internal/reading"
	"vigil/store"
	"vigil/store/sqlite"
)

// testNow is the fixed time the tests run at.
var testNow = time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)

// openStore opens a new SQLite store in a temporary directory, closed
// when the test ends.
func openStore(t testing.TB) *sqlite.DB {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// newTestHandlers returns the pages' handlers over st at testNow, with
// the budget per hour given.
func newTestHandlers(st store.Store, budgetPerHour int) *Handlers {
	now := func() time.Time { return testNow }
	return New(Config{Store: st, Reading: reading.New(st, reading.Config{Now: now}), Auth: httpauth.New(st, httpauth.Config{Now: now}),
		Now: now, BudgetPerHour: budgetPerHour})
}

// newUser stores a user who cannot log in, for tests that call the
// handlers' methods directly.
func newUser(t testing.TB, st store.Store, name string) *vigil.User {
	t.Helper()
	u := &vigil.User{Name: name, PasswordHash: "x", TokenHash: name + "-token"}
	if err := st.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

// follow subscribes u to url in the store and returns the feed's ID.
func follow(t testing.TB, st store.Store, u *vigil.User, url string) int64 {
	t.Helper()
	sub, err := st.Subscribe(context.Background(), u.ID, url, 1, testNow)
	if err != nil {
		t.Fatal(err)
	}
	return sub.Feed.ID
}

// ingest stores items as one fetch of a feed at the time given.
func ingest(t testing.TB, st store.Store, feedID int64, at time.Time, items ...vigil.Item) {
	t.Helper()
	f := vigil.Fetched{
		FeedID:      feedID,
		Observation: vigil.Observation{FeedID: feedID, At: at, Status: 200, Bytes: 1234, Latency: 250 * time.Millisecond, Items: len(items)},
		Items:       items,
	}
	if _, err := st.Ingest(context.Background(), f, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
}

// testItems returns n items titled prefix-a, prefix-b, …, published an
// hour apart with the last one newest.
func testItems(prefix string, n int) []vigil.Item {
	out := make([]vigil.Item, n)
	for i := range out {
		key := prefix + "-" + string(rune('a'+i))
		out[i] = vigil.Item{Key: key, Title: key, URL: "https://example.com/" + key, Content: "<p>body of " + key + "</p>",
			Published: testNow.Add(time.Duration(i-n) * time.Hour)}
	}
	return out
}
