package storetest

import (
	"math"
	"reflect"
	"testing"
	"time"

	"vigil"
)

func testSubscribeValidates(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	tests := []struct {
		name   string
		userID int64
		url    string
		weight float64
		now    time.Time
		code   string
	}{
		{"ok", ann.ID, "https://a.example/feed", 1, t0, ""},
		{"empty url", ann.ID, "", 1, t0, vigil.EINVALID},
		{"zero weight", ann.ID, "https://a.example/feed", 0, t0, vigil.EINVALID},
		{"negative weight", ann.ID, "https://a.example/feed", -1, t0, vigil.EINVALID},
		{"NaN weight", ann.ID, "https://a.example/feed", math.NaN(), t0, vigil.EINVALID},
		{"infinite weight", ann.ID, "https://a.example/feed", math.Inf(1), t0, vigil.EINVALID},
		{"zero time", ann.ID, "https://a.example/feed", 1, time.Time{}, vigil.EINVALID},
		{"unknown user", ann.ID + 100, "https://b.example/feed", 1, t0, vigil.ENOTFOUND},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := db.Subscribe(ctx, tt.userID, tt.url, tt.weight, tt.now)
			wantCode(t, err, tt.code)
		})
	}
	feeds, err := db.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(feeds) != 1 {
		t.Errorf("%d feeds after the failed subscriptions, want 1: %+v", len(feeds), feeds)
	}
}

func testSubscribeCreatesFeedOnce(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	const url = "https://example.com/feed.xml"
	sub, err := db.Subscribe(ctx, ann.ID, url, 2, t0)
	if err != nil {
		t.Fatal(err)
	}
	f := sub.Feed
	if sub.UserID != ann.ID || sub.Weight != 2 || !sub.CreatedAt.Equal(t0) || sub.Unread != 0 {
		t.Errorf("subscription = %+v", sub)
	}
	if f.URL != url || f.Status != vigil.FeedActive || !f.CreatedAt.Equal(t0) || !f.NextFetch.Equal(t0) {
		t.Errorf("new feed = %+v", f)
	}
	totals := func() (int, float64) {
		t.Helper()
		pf, err := db.Feed(ctx, f.ID)
		if err != nil {
			t.Fatal(err)
		}
		return pf.Subscribers, pf.Weight
	}
	if n, w := totals(); n != 1 || w != 2 {
		t.Errorf("after one subscription: %d followers weighing %v, want 1 and 2", n, w)
	}
	later := t0.Add(time.Hour)
	again, err := db.Subscribe(ctx, bob.ID, url, 0.5, later)
	if err != nil {
		t.Fatal(err)
	}
	if again.Feed.ID != f.ID || !again.Feed.CreatedAt.Equal(t0) || !again.Feed.NextFetch.Equal(t0) {
		t.Errorf("second subscriber's feed = %+v", again.Feed)
	}
	if n, w := totals(); n != 2 || w != 2.5 {
		t.Errorf("after two subscriptions: %d followers weighing %v, want 2 and 2.5", n, w)
	}
	resub, err := db.Subscribe(ctx, ann.ID, url, 3, later)
	if err != nil {
		t.Fatal(err)
	}
	if _, w := totals(); resub.Weight != 3 || !resub.CreatedAt.Equal(t0) || w != 3.5 {
		t.Errorf("following again = weight %v created %v feed weight %v; want 3, %v, 3.5",
			resub.Weight, resub.CreatedAt, w, t0)
	}
	other, err := db.Subscribe(ctx, ann.ID, url+"?x", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	if other.Feed.ID == f.ID {
		t.Error("a different URL string shares the feed")
	}
}

func testSubscriptionsAndUnsubscribe(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	zeta := mustSubscribe(t, db, ann.ID, "https://z.example/feed")
	alpha := mustSubscribe(t, db, ann.ID, "https://y.example/feed")
	untitled := mustSubscribe(t, db, ann.ID, "https://m.example/feed")
	titles := map[int64]string{zeta: "zeta", alpha: "Alpha"}
	for id, title := range titles {
		_, err := db.Ingest(ctx, fetched(id, t0, makeItems("i", 2)), func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) {
			return &vigil.Feed{Title: title}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	items, err := db.Items(ctx, vigil.ItemQuery{UserID: ann.ID, FeedID: zeta})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.MarkRead(ctx, ann.ID, []int64{items[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	subs, err := db.Subscriptions(ctx, ann.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id            int64
		unread, count int
	}{{alpha, 2, 2}, {untitled, 0, 0}, {zeta, 1, 2}}
	if len(subs) != len(want) {
		t.Fatalf("%d subscriptions, want %d", len(subs), len(want))
	}
	for i, w := range want {
		if subs[i].Feed.ID != w.id || subs[i].Unread != w.unread || subs[i].Feed.ItemCount != w.count {
			t.Errorf("subscription %d = feed %d unread %d items %d; want feed %d unread %d items %d",
				i, subs[i].Feed.ID, subs[i].Unread, subs[i].Feed.ItemCount, w.id, w.unread, w.count)
		}
	}
	if err := db.Unsubscribe(ctx, ann.ID, zeta); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.Unsubscribe(ctx, ann.ID, zeta), vigil.ENOTFOUND)
	_, err = db.Subscription(ctx, ann.ID, zeta)
	wantCode(t, err, vigil.ENOTFOUND)
	f, err := db.Feed(ctx, zeta)
	if err != nil {
		t.Fatal(err)
	}
	if f.ItemCount != 2 || f.Subscribers != 0 || f.Weight != 0 {
		t.Errorf("unfollowed feed = %d items, %d subscribers, weight %v; want 2, 0, 0",
			f.ItemCount, f.Subscribers, f.Weight)
	}
}

func testSubscriptionsOf(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	b := mustSubscribe(t, db, ann.ID, "https://b.example/feed")
	mustSubscribe(t, db, ann.ID, "https://unasked.example/feed")
	bobs := mustSubscribe(t, db, bob.ID, "https://bob.example/feed")
	mustIngest(t, db, a, t0, makeItems("i", 3))
	if err := db.SetFolder(ctx, ann.ID, a, "News"); err != nil {
		t.Fatal(err)
	}
	if err := db.RenameSubscription(ctx, ann.ID, b, "My B"); err != nil {
		t.Fatal(err)
	}
	// Unknown IDs fill the first batches (past 500 IDs, where a store
	// splits the query), a repeat and another user's feed come last.
	var ids []int64
	for k := range int64(1200) {
		ids = append(ids, bobs+10_000+k)
	}
	ids = append(ids, b, bobs, a, b)
	got, err := db.SubscriptionsOf(ctx, ann.ID, ids)
	if err != nil {
		t.Fatal(err)
	}
	byFeed := map[int64]vigil.Subscription{}
	for _, s := range got {
		byFeed[s.Feed.ID] = s
	}
	if len(got) != 2 || len(byFeed) != 2 {
		t.Fatalf("got %d subscriptions of %d feeds, want ann's two asked, once each: %+v", len(got), len(byFeed), got)
	}
	for _, id := range []int64{a, b} {
		want, err := db.Subscription(ctx, ann.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(byFeed[id], *want) {
			t.Errorf("feed %d:\n got %+v\nwant %+v (as Subscription)", id, byFeed[id], *want)
		}
	}
	if none, err := db.SubscriptionsOf(ctx, ann.ID, nil); err != nil || len(none) != 0 {
		t.Errorf("no feed asked: %v %v", none, err)
	}
}
