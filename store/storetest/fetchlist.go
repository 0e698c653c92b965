package storetest

import (
	"reflect"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// testFetchListMatchesFeeds checks FetchList against the listings it
// stands for: the followed feeds of Feeds, by ID, and DueFeeds without a
// limit, each reduced to its store.FeedRef.
func testFetchListMatchesFeeds(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	late := mustSubscribe(t, db, ann.ID, "https://late.example/feed")
	early := mustSubscribe(t, db, ann.ID, "https://early.example/feed")
	orphan := mustSubscribe(t, db, bob.ID, "https://orphan.example/feed")
	hinted := mustSubscribe(t, db, bob.ID, "https://hinted.example/feed")
	never := mustSubscribe(t, db, bob.ID, "https://never.example/feed")
	schedule := map[int64]time.Time{late: t0.Add(2 * time.Hour), early: t0.Add(time.Hour), orphan: t0, never: time.Time{}}
	for id, next := range schedule {
		if err := db.SetNextFetch(ctx, id, next); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Unsubscribe(ctx, bob.ID, orphan); err != nil {
		t.Fatal(err)
	}
	paris := time.FixedZone("Paris", 3600)
	_, err := db.Ingest(ctx, fetched(hinted, t0, nil), func(_ vigil.Ingested, f *vigil.Feed) (*vigil.Feed, error) {
		f.NextFetch = t0.Add(30 * time.Minute)
		f.Hints.NotBefore = t0.Add(45 * time.Minute).In(paris)
		return f, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, now := range []time.Time{t0, t0.Add(time.Hour), t0.Add(3 * time.Hour)} {
		due, err := db.DueFeeds(ctx, now, 0)
		if err != nil {
			t.Fatal(err)
		}
		feeds, err := db.Feeds(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var followed []vigil.Feed
		for _, f := range feeds {
			if f.Subscribers > 0 {
				followed = append(followed, f)
			}
		}
		tests := []struct {
			all  bool
			want []store.FeedRef
		}{
			{false, refsOf(due)},
			{true, refsOf(followed)},
		}
		for _, tt := range tests {
			got, err := db.FetchList(ctx, now, tt.all)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FetchList(%v, all=%v) = %+v, want %+v", now, tt.all, got, tt.want)
			}
		}
	}
	refs, err := db.FetchList(ctx, t0.Add(time.Hour), false)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.FeedRef{{ID: never, URL: "https://never.example/feed"},
		{ID: hinted, URL: "https://hinted.example/feed", NotBefore: t0.Add(45 * time.Minute).UTC()},
		{ID: early, URL: "https://early.example/feed"}}
	if !reflect.DeepEqual(refs, want) {
		t.Errorf("FetchList at one hour = %+v, want %+v", refs, want)
	}
}

// refsOf reduces feeds to what FetchList lists of them.
func refsOf(feeds []vigil.Feed) []store.FeedRef {
	var refs []store.FeedRef
	for _, f := range feeds {
		refs = append(refs, store.FeedRef{ID: f.ID, URL: f.URL, NotBefore: f.Hints.NotBefore})
	}
	return refs
}
