package storetest

import (
	"sort"
	"testing"
	"time"

	"vigil/store"
)

// testFetchHours checks the per-feed, per-hour counts the dashboard draws:
// the hour boundaries (an observation exactly at now is in hour 0, one
// exactly hours·1h old is left out, as is one after now), failed fetches
// and new items.
func testFetchHours(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	b := mustSubscribe(t, db, ann.ID, "https://b.example/feed")
	now := t0.Add(10 * time.Hour)
	mustIngest(t, db, a, now, makeItems("a", 3))                      // hour 0, 3 new
	mustIngest(t, db, a, now.Add(-59*time.Minute), makeItems("a", 3)) // hour 0, none new
	mustIngest(t, db, a, now.Add(-time.Hour), makeItems("b", 1))      // hour 1, 1 new
	mustIngest(t, db, a, now.Add(-3*time.Hour), nil)                  // out of 3 hours
	mustIngest(t, db, a, now.Add(time.Minute), nil)                   // after now
	failed := fetched(b, now.Add(-90*time.Minute), nil)
	failed.Observation.Status, failed.Observation.Error = 500, "the server answered 500"
	if _, err := db.Ingest(ctx, failed, keepFeed); err != nil {
		t.Fatal(err)
	}
	noAnswer := fetched(b, now.Add(-100*time.Minute), nil)
	noAnswer.Observation.Status = 0
	if _, err := db.Ingest(ctx, noAnswer, keepFeed); err != nil {
		t.Fatal(err)
	}
	notModified := fetched(b, now.Add(-110*time.Minute), nil)
	notModified.Observation.Status, notModified.Observation.NotModified = 0, true
	if _, err := db.Ingest(ctx, notModified, keepFeed); err != nil {
		t.Fatal(err)
	}
	got, err := db.FetchHours(ctx, now, 3)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(got, func(i, j int) bool {
		if got[i].FeedID != got[j].FeedID {
			return got[i].FeedID < got[j].FeedID
		}
		return got[i].Ago < got[j].Ago
	})
	want := []store.FetchHour{
		{FeedID: a, Ago: 0, Fetches: 2, NewItems: 3},
		{FeedID: a, Ago: 1, Fetches: 1, NewItems: 1},
		{FeedID: b, Ago: 1, Fetches: 3, Failed: 2},
	}
	if len(got) != len(want) {
		t.Fatalf("FetchHours = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if none, err := db.FetchHours(ctx, now, 0); err != nil || len(none) != 0 {
		t.Errorf("FetchHours over 0 hours = %+v, %v", none, err)
	}
}
