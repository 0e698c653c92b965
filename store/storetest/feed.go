package storetest

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"vigil"
)

func testFeedStateRoundTrip(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	paris := time.FixedZone("Paris", 3600)
	want := vigil.Feed{
		ID: id, URL: "https://example.com/feed", Title: "Example", SiteURL: "https://example.com/",
		Description: "An example", Language: "en", Status: vigil.FeedBroken, CreatedAt: t0,
		ETag: `"abc"`, LastModified: "Sat, 01 Mar 2025 12:00:00 GMT",
		LastFetch: t0.Add(time.Minute), LastSuccess: t0.Add(-time.Hour).In(paris),
		NextFetch: t0.Add(2 * time.Hour), LastStatus: 503, LastError: "service unavailable",
		Failures: 3, FailingSince: t0.Add(-3 * time.Hour), Missing: 1,
		Hints: vigil.Hints{
			NotBefore: t0.Add(30 * time.Minute).In(paris), TTL: time.Hour,
			SkipHours: []int{0, 1, 23}, SkipDays: []time.Weekday{time.Saturday, time.Sunday},
			UpdatePeriod: 24 * time.Hour,
		},
		Window: 20, Model: json.RawMessage(`{"rate":0.5}`), Rate: 0.5,
		Subscribers: 1, Weight: 1,
	}
	_, err := db.Ingest(ctx, fetched(id, t0.Add(time.Minute), nil), func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) {
		f := want
		f.URL, f.CreatedAt, f.ItemCount, f.Subscribers, f.Weight = "ignored", time.Time{}, 99, 99, 99
		return &f, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := db.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	want.LastSuccess, want.Hints.NotBefore = want.LastSuccess.UTC(), want.Hints.NotBefore.UTC()
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("feed after ingest:\n got %+v\nwant %+v", *got, want)
	}
	_, err = db.Feed(ctx, id+1)
	wantCode(t, err, vigil.ENOTFOUND)
}

func testFeedsAndDueFeeds(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	late := mustSubscribe(t, db, ann.ID, "https://late.example/feed")
	early := mustSubscribe(t, db, ann.ID, "https://early.example/feed")
	orphan := mustSubscribe(t, db, bob.ID, "https://orphan.example/feed")
	shared := mustSubscribe(t, db, bob.ID, "https://late.example/feed")
	if shared != late {
		t.Fatal("the same URL made two feeds")
	}
	schedule := map[int64]time.Time{late: t0.Add(2 * time.Hour), early: t0.Add(time.Hour), orphan: t0}
	for id, next := range schedule {
		if err := db.SetNextFetch(ctx, id, next); err != nil {
			t.Fatal(err)
		}
	}
	wantCode(t, db.SetNextFetch(ctx, 999, t0), vigil.ENOTFOUND)
	if err := db.Unsubscribe(ctx, bob.ID, orphan); err != nil {
		t.Fatal(err)
	}
	feeds, err := db.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if ids := feedIDs(feeds); !reflect.DeepEqual(ids, []int64{late, early, orphan}) {
		t.Errorf("Feeds = %v, want by ID", ids)
	}
	if feeds[0].Subscribers != 2 || feeds[0].Weight != 2 {
		t.Errorf("shared feed: %d subscribers, weight %v; want 2, 2", feeds[0].Subscribers, feeds[0].Weight)
	}
	tests := []struct {
		name  string
		now   time.Time
		limit int
		want  []int64
	}{
		{"none due", t0.Add(time.Hour - 1), 10, nil},
		{"exactly due", t0.Add(time.Hour), 10, []int64{early}},
		{"earliest first", t0.Add(3 * time.Hour), 10, []int64{early, late}},
		{"limited", t0.Add(3 * time.Hour), 1, []int64{early}},
		{"no limit", t0.Add(3 * time.Hour), 0, []int64{early, late}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			due, err := db.DueFeeds(ctx, tt.now, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if got := feedIDs(due); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("DueFeeds = %v, want %v", got, tt.want)
			}
		})
	}
	if err := db.SetNextFetch(ctx, late, time.Time{}); err != nil {
		t.Fatal(err)
	}
	due, err := db.DueFeeds(ctx, t0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := feedIDs(due); !reflect.DeepEqual(got, []int64{late}) {
		t.Errorf("a feed without NextFetch is not due at once: DueFeeds = %v", got)
	}
}

// feedIDs lists the IDs of feeds in order.
func feedIDs(feeds []vigil.Feed) []int64 {
	var ids []int64
	for _, f := range feeds {
		ids = append(ids, f.ID)
	}
	return ids
}

func testRescheduleIsACompareAndSet(t *testing.T, h Harness) {
	db := h.open(t)
	ctx := context.Background()
	u := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, u.ID, "https://example.com/feed")
	f, err := db.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	later := f.NextFetch.Add(time.Hour)
	if ok, err := db.Reschedule(ctx, id, f.NextFetch, later); !ok || err != nil {
		t.Fatalf("reschedule from the current time: %v %v", ok, err)
	}
	if ok, _ := db.Reschedule(ctx, id, f.NextFetch, later.Add(time.Hour)); ok {
		t.Fatal("rescheduled from a stale next fetch time")
	}
	failing := *f
	failing.NextFetch, failing.Failures = later, 2
	mustIngest(t, db, id, later, nil) // an ingest that leaves the state, then one that fails:
	if _, err := db.Ingest(ctx, fetched(id, later.Add(time.Minute), nil), func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return &failing, nil }); err != nil {
		t.Fatal(err)
	}
	if ok, _ := db.Reschedule(ctx, id, later, later.Add(time.Hour)); ok {
		t.Fatal("rescheduled a failing feed, overwriting its backoff")
	}
}
