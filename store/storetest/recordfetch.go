package storetest

import (
	"testing"
	"time"

	"vigil"
)

// testRecordFetch stores fetches that brought no items with RecordFetch:
// the observation and the feed state land together, the items stay as
// they were, and a bad record or an unknown feed stores nothing.
func testRecordFetch(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	mustIngest(t, db, id, t0, makeItems("a", 2))
	f, err := db.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	at := t0.Add(time.Hour)
	f.ETag, f.LastFetch, f.NextFetch, f.LastStatus = `"v2"`, at, at.Add(time.Hour), 304
	obs := vigil.Observation{FeedID: id, At: at, Status: 304, NotModified: true, Latency: 3 * time.Millisecond}
	if err := db.RecordFetch(ctx, obs, f); err != nil {
		t.Fatal(err)
	}
	got, err := db.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got.ETag != `"v2"` || !got.NextFetch.Equal(at.Add(time.Hour)) || got.LastStatus != 304 || got.ItemCount != 2 {
		t.Errorf("feed after RecordFetch = etag %q, next %v, status %d, %d items; want \"v2\", %v, 304, 2",
			got.ETag, got.NextFetch, got.LastStatus, got.ItemCount, at.Add(time.Hour))
	}
	list, err := db.Observations(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || !list[0].At.Equal(at) || !list[0].NotModified || list[0].Status != 304 || list[0].NewItems != 0 {
		t.Errorf("observations = %+v, want the 304 at %v first", list, at)
	}
	bad := []struct {
		name string
		obs  vigil.Observation
		feed *vigil.Feed
		code string
	}{
		{"no time", vigil.Observation{FeedID: id}, f, vigil.EINVALID},
		{"no feed state", vigil.Observation{FeedID: id, At: at.Add(time.Hour)}, nil, vigil.EINVALID},
		{"no feed", vigil.Observation{At: at.Add(time.Hour)}, f, vigil.EINVALID},
		{"another feed's state", vigil.Observation{FeedID: id + 1, At: at.Add(time.Hour)}, f, vigil.EINVALID},
		{"unknown feed", vigil.Observation{FeedID: id + 1000, At: at.Add(time.Hour)}, &vigil.Feed{Status: vigil.FeedActive}, vigil.ENOTFOUND},
	}
	for _, b := range bad {
		if err := db.RecordFetch(ctx, b.obs, b.feed); vigil.ErrorCode(err) != b.code {
			t.Errorf("%s: %v, want %s", b.name, err, b.code)
		}
	}
	if n, err := db.CountFetchesSince(ctx, time.Time{}); err != nil || n != 2 {
		t.Errorf("%d fetches stored (%v), want the 2 before the refused records", n, err)
	}
}

// testFeedsToFetch reads feeds and a watched page as a fetch pass does:
// each as Feed reads it, with whether it is a page and whether it has a
// WebSub subscription, in the order asked, unknown IDs left out.
func testFeedsToFetch(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	feedID := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	other := mustSubscribe(t, db, ann.ID, "https://example.com/other")
	sub, err := db.FollowPage(ctx, ann.ID, "https://example.com/page", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	push := vigil.Push{FeedID: other, Hub: "https://hub.example/", Topic: "https://example.com/other", State: vigil.PushPending, Key: "k1"}
	if err := db.SavePush(ctx, push); err != nil {
		t.Fatal(err)
	}
	ids := []int64{sub.Feed.ID, feedID, sub.Feed.ID + 1000, other}
	got, err := db.FeedsToFetch(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	wantIDs, wantPage, wantPushed := []int64{sub.Feed.ID, feedID, other}, []bool{true, false, false}, []bool{false, false, true}
	if len(got) != len(wantIDs) {
		t.Fatalf("FeedsToFetch(%v) read %d feeds, want %d", ids, len(got), len(wantIDs))
	}
	for i, g := range got {
		want, err := db.Feed(ctx, wantIDs[i])
		if err != nil {
			t.Fatal(err)
		}
		if g.Feed.ID != wantIDs[i] || g.Page != wantPage[i] || g.Feed.URL != want.URL || g.Feed.Subscribers != want.Subscribers {
			t.Errorf("feed %d read = %+v, page %v; want %+v, page %v", i, g.Feed, g.Page, want, wantPage[i])
		}
		if g.Pushed != wantPushed[i] {
			t.Errorf("feed %d read with pushed %v, want %v", g.Feed.ID, g.Pushed, wantPushed[i])
		}
	}
	if got, err := db.FeedsToFetch(ctx, []int64{sub.Feed.ID + 1000}); err != nil || len(got) != 0 {
		t.Errorf("an unknown feed: %v, %v; want nothing", got, err)
	}
}
