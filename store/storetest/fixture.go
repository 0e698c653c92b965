package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// t0 is the base instant of the tests, with nanoseconds to catch rounding.
var t0 = time.Date(2025, 3, 1, 12, 0, 0, 123456789, time.UTC)

// ctx is the context of every test call.
var ctx = context.Background()

// mustUser creates a user called name.
func mustUser(t testing.TB, db store.Store, name string) *vigil.User {
	t.Helper()
	u := &vigil.User{Name: name, PasswordHash: "pw-" + name, TokenHash: "tok-" + name, CreatedAt: t0}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatalf("CreateUser(%q): %v", name, err)
	}
	return u
}

// mustSubscribe makes the user follow url with weight 1 and returns the feed ID.
func mustSubscribe(t testing.TB, db store.Store, userID int64, url string) int64 {
	t.Helper()
	sub, err := db.Subscribe(ctx, userID, url, 1, t0)
	if err != nil {
		t.Fatalf("Subscribe(%d, %q): %v", userID, url, err)
	}
	return sub.Feed.ID
}

// makeItems returns n items keyed prefix0..prefixN-1, published an hour apart
// before t0.
func makeItems(prefix string, n int) []vigil.Item {
	items := make([]vigil.Item, n)
	for i := range items {
		items[i] = vigil.Item{
			Key:       fmt.Sprintf("%s%d", prefix, i),
			Hash:      fmt.Sprintf("h-%s%d", prefix, i),
			URL:       fmt.Sprintf("https://example.com/%s%d", prefix, i),
			Title:     fmt.Sprintf("Item %s%d", prefix, i),
			Content:   "<p>body</p>",
			Published: t0.Add(-time.Duration(i+1) * time.Hour),
		}
	}
	return items
}

// keepFeed is a decide function that leaves the feed state unchanged.
func keepFeed(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }

// fetchedOK is an ingest's decide that records the fetch at at as the
// feed's last success.
func fetchedOK(at time.Time) func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) {
	return func(_ vigil.Ingested, f *vigil.Feed) (*vigil.Feed, error) {
		f.LastFetch, f.LastSuccess, f.Status = at, at, vigil.FeedActive
		return f, nil
	}
}

// mustIngest stores items for the feed as a fetch at time at.
func mustIngest(t testing.TB, db store.Store, feedID int64, at time.Time, items []vigil.Item) vigil.Ingested {
	t.Helper()
	got, err := db.Ingest(ctx, fetched(feedID, at, items), keepFeed)
	if err != nil {
		t.Fatalf("Ingest: %v", err)
	}
	return got
}

// FetchedBefore records a successful fetch of the feed at at, storing no
// item: a feed fetched before, whose next new items are news that alert
// its followers, not its backlog (sqlflow.Store.MatchItemAlerts).
func FetchedBefore(t testing.TB, db store.Store, feedID int64, at time.Time) {
	t.Helper()
	f, err := db.Feed(ctx, feedID)
	if err != nil {
		t.Fatal(err)
	}
	f.LastFetch, f.LastSuccess, f.Status = at, at, vigil.FeedActive
	if err := db.RecordFetch(ctx, vigil.Observation{FeedID: feedID, At: at, Status: 200}, f); err != nil {
		t.Fatalf("RecordFetch: %v", err)
	}
}

// fetched builds a successful fetch of items.
func fetched(feedID int64, at time.Time, items []vigil.Item) vigil.Fetched {
	return vigil.Fetched{
		FeedID: feedID,
		Observation: vigil.Observation{
			At: at, Status: 200, Bytes: 1234, Latency: 150 * time.Millisecond, Items: len(items),
		},
		Items: items,
	}
}

// wantCode fails unless err carries the vigil error code.
func wantCode(t testing.TB, err error, code string) {
	t.Helper()
	if got := vigil.ErrorCode(err); got != code {
		t.Fatalf("error %v has code %q, want %q", err, got, code)
	}
	var e *vigil.Error
	if code != "" && code != vigil.EINTERNAL && !errors.As(err, &e) {
		t.Fatalf("error %v is not a *vigil.Error", err)
	}
}
