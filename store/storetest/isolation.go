package storetest

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
)

func testUsersAreIsolated(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	private := mustSubscribe(t, db, ann.ID, "https://ann.example/feed")
	shared := mustSubscribe(t, db, ann.ID, "https://shared.example/feed")
	if got := mustSubscribe(t, db, bob.ID, "https://shared.example/feed"); got != shared {
		t.Fatal("the shared URL made two feeds")
	}
	privateItems := mustIngest(t, db, private, t0, makeItems("p", 2)).New
	sharedItems := mustIngest(t, db, shared, t0, makeItems("s", 2)).New
	if err := db.MarkRead(ctx, ann.ID, []int64{sharedItems[0].ID, privateItems[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	subs, err := db.Subscriptions(ctx, bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != 1 || subs[0].Feed.ID != shared || subs[0].Unread != 2 || subs[0].UserID != bob.ID {
		t.Errorf("bob's subscriptions = %+v, want only the shared feed, all unread", subs)
	}
	_, err = db.Subscription(ctx, bob.ID, private)
	wantCode(t, err, vigil.ENOTFOUND)
	queries := []vigil.ItemQuery{
		{UserID: bob.ID},
		{UserID: bob.ID, FeedID: private},
		{UserID: bob.ID, UnreadOnly: true},
	}
	for _, q := range queries {
		items, err := db.Items(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			if it.FeedID != shared || it.Read {
				t.Errorf("query %+v shows bob %s (feed %d, read %v)", q, it.Key, it.FeedID, it.Read)
			}
		}
		if q.FeedID == private && len(items) != 0 {
			t.Errorf("bob lists %d items of ann's private feed", len(items))
		}
	}
	_, err = db.Item(ctx, bob.ID, privateItems[0].ID)
	wantCode(t, err, vigil.ENOTFOUND)
	it, err := db.Item(ctx, bob.ID, sharedItems[0].ID)
	if err != nil || it.Read {
		t.Errorf("bob sees ann's read state: %+v, %v", it, err)
	}
	wantCode(t, db.MarkRead(ctx, bob.ID, []int64{privateItems[1].ID}, true), vigil.ENOTFOUND)
	wantCode(t, db.Unsubscribe(ctx, bob.ID, private), vigil.ENOTFOUND)
	if err := db.MarkRead(ctx, bob.ID, []int64{sharedItems[1].ID}, true); err != nil {
		t.Fatal(err)
	}
	annShared, err := db.Subscription(ctx, ann.ID, shared)
	if err != nil {
		t.Fatal(err)
	}
	if annShared.Unread != 1 {
		t.Errorf("ann's unread count of the shared feed = %d, want 1 (bob's reading must not count)", annShared.Unread)
	}
	if notices, _ := db.Notices(ctx, bob.ID); len(notices) != 0 {
		t.Errorf("bob has notices: %+v", notices)
	}
}

func testSubscriptionsHideOtherFollowers(t *testing.T, h Harness) {
	db := h.open(t)
	ctx := context.Background()
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for _, u := range []int64{ann.ID, bob.ID} {
		if _, err := db.Subscribe(ctx, u, "https://example.com/shared", 3, now); err != nil {
			t.Fatal(err)
		}
	}
	subs, err := db.Subscriptions(ctx, bob.ID)
	if err != nil || len(subs) != 1 {
		t.Fatalf("subscriptions %v %v", subs, err)
	}
	if subs[0].Feed.Subscribers != 0 || subs[0].Feed.Weight != 0 || subs[0].Weight != 3 {
		t.Fatalf("bob's view tells about other followers: %+v", subs[0])
	}
	one, err := db.Subscription(ctx, bob.ID, subs[0].Feed.ID)
	if err != nil || one.Feed.Subscribers != 0 || one.Feed.Weight != 0 {
		t.Fatalf("bob's view of one subscription tells about other followers: %+v %v", one, err)
	}
	all, err := db.Feeds(ctx)
	if err != nil || all[0].Subscribers != 2 || all[0].Weight != 6 {
		t.Fatalf("the planner's view must keep the totals: %+v %v", all, err)
	}
}

func testInterestSignalsAreIsolated(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	private := mustSubscribe(t, db, ann.ID, "https://ann.example/feed")
	shared := mustSubscribe(t, db, ann.ID, "https://shared.example/feed")
	mustSubscribe(t, db, bob.ID, "https://shared.example/feed")
	privateItems := mustIngest(t, db, private, t0, []vigil.Item{textItem("p", "Secret osprey", "", t0)}).New
	sharedItems := mustIngest(t, db, shared, t0, []vigil.Item{textItem("s", "Public osprey", "", t0)}).New
	if err := db.StarItems(ctx, ann.ID, []int64{sharedItems[0].ID, privateItems[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	if err := db.MarkOpened(ctx, ann.ID, sharedItems[0].ID, t0); err != nil {
		t.Fatal(err)
	}
	if err := db.SetInterests(ctx, ann.ID, "ospreys"); err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name string
		got  func() ([]vigil.Item, error)
		want []string
	}{
		{"bob's search", func() ([]vigil.Item, error) { return db.SearchItems(ctx, bob.ID, "osprey", 0) }, []string{"s"}},
		{"ann's search", func() ([]vigil.Item, error) { return db.SearchItems(ctx, ann.ID, "osprey", 0) }, []string{"p", "s"}},
		{"bob's stars", func() ([]vigil.Item, error) { return db.Items(ctx, vigil.ItemQuery{UserID: bob.ID, StarredOnly: true}) }, nil},
		{"bob's interests", func() ([]vigil.Item, error) { return db.InterestItems(ctx, bob.ID, 0) }, nil},
		{"ann's interests", func() ([]vigil.Item, error) { return db.InterestItems(ctx, ann.ID, 0) }, []string{"s", "p"}},
	}
	for _, c := range checks {
		items, err := c.got()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		keys := itemKeys(items)
		if c.name == "ann's search" {
			slices.Sort(keys)
		}
		if !slices.Equal(keys, c.want) {
			t.Errorf("%s = %v, want %v", c.name, keys, c.want)
		}
		if strings.HasPrefix(c.name, "bob") && slices.ContainsFunc(items, func(it vigil.Item) bool { return it.Read || it.Starred }) {
			t.Errorf("%s shows ann's states: %+v", c.name, items)
		}
	}
	wantCode(t, db.StarItems(ctx, bob.ID, []int64{privateItems[0].ID}, true), vigil.ENOTFOUND)
	wantCode(t, db.MarkOpened(ctx, bob.ID, privateItems[0].ID, t0), vigil.ENOTFOUND)
	if u, err := db.UserByName(ctx, "bob"); err != nil || u.Interests != "" {
		t.Errorf("bob's interests = %q, %v; want none", u.Interests, err)
	}
	if it, err := db.Item(ctx, bob.ID, sharedItems[0].ID); err != nil || it.Starred || it.Read {
		t.Errorf("bob's view of the shared item = %+v, %v; want it neither starred nor read", it, err)
	}
}
