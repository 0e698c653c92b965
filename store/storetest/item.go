package storetest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"vigil"
)

func testItemsOrder(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	seen := t0.Add(10 * time.Hour)
	items := []vigil.Item{
		{Key: "old", Published: t0},
		{Key: "undated"},                                // sorts at seen
		{Key: "future", Published: seen.Add(time.Hour)}, // clamped to seen
		{Key: "recent", Published: seen.Add(-time.Hour)},
		{Key: "tie", Published: t0}, // same instant as old, below it in the feed
	}
	mustIngest(t, db, id, seen, items)
	got, err := db.Items(ctx, vigil.ItemQuery{UserID: ann.ID})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"undated", "future", "recent", "old", "tie"} // ties in the feed's order
	if keys := itemKeys(got); !reflect.DeepEqual(keys, want) {
		t.Errorf("order = %v, want %v", keys, want)
	}
	if !got[1].Published.Equal(seen.Add(time.Hour)) {
		t.Errorf("a future date is stored as %v, want it kept as published", got[1].Published)
	}
}

// testUndatedItemsKeepTheFeedsOrder checks that the items of one fetch
// that share a sort time (a feed without dates) list as the feed listed
// them, its first (newest) first, on their first fetch and on a later one,
// and below the items of earlier fetches.
func testUndatedItemsKeepTheFeedsOrder(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	fetches := [][]string{{"c", "b", "a"}, {"f", "e", "d", "c", "b"}}
	for i, keys := range fetches {
		items := make([]vigil.Item, len(keys))
		for j, k := range keys {
			items[j] = vigil.Item{Key: k, Hash: "h-" + k, Title: k}
		}
		mustIngest(t, db, id, t0.Add(time.Duration(i)*time.Hour), items)
	}
	got, err := db.Items(ctx, vigil.ItemQuery{UserID: ann.ID})
	if err != nil {
		t.Fatal(err)
	}
	if keys, want := itemKeys(got), []string{"f", "e", "d", "c", "b", "a"}; !reflect.DeepEqual(keys, want) {
		t.Errorf("order = %v, want %v", keys, want)
	}
}

func testItemsPagesAndFilters(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	b := mustSubscribe(t, db, ann.ID, "https://b.example/feed")
	aItems := mustIngest(t, db, a, t0, makeItems("a", 600)).New
	mustIngest(t, db, b, t0, makeItems("b", 3))
	_, err := db.Ingest(ctx, fetched(b, t0, nil), func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) {
		return &vigil.Feed{Title: "Bee"}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.MarkRead(ctx, ann.ID, []int64{aItems[0].ID, aItems[2].ID}, true); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		q     vigil.ItemQuery
		count int
		first string
	}{
		{"default page, ties newest ID first", vigil.ItemQuery{UserID: ann.ID}, 50, "b0"},
		{"second page", vigil.ItemQuery{UserID: ann.ID, Limit: 2, Offset: 2}, 2, "b1"},
		{"capped page", vigil.ItemQuery{UserID: ann.ID, Limit: 10000}, 500, "b0"},
		{"beyond the end", vigil.ItemQuery{UserID: ann.ID, Offset: 603}, 0, ""},
		{"one feed", vigil.ItemQuery{UserID: ann.ID, FeedID: b}, 3, "b0"},
		{"unread only", vigil.ItemQuery{UserID: ann.ID, FeedID: a, UnreadOnly: true, Limit: 2}, 2, "a1"},
		{"every item", vigil.ItemQuery{Limit: 500, Offset: 500}, 103, "a497"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := db.Items(ctx, tt.q)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != tt.count {
				t.Fatalf("%d items, want %d", len(got), tt.count)
			}
			if tt.count > 0 && got[0].Key != tt.first {
				t.Errorf("first item %q, want %q", got[0].Key, tt.first)
			}
		})
	}
	page, err := db.Items(ctx, vigil.ItemQuery{UserID: ann.ID, Limit: 4})
	if err != nil {
		t.Fatal(err)
	}
	wantRead := []bool{false, true, false, false}
	for i, it := range page {
		if it.Read != wantRead[i] {
			t.Errorf("item %s read = %v, want %v", it.Key, it.Read, wantRead[i])
		}
	}
	if page[0].FeedTitle != "Bee" || page[1].FeedTitle != "" {
		t.Errorf("feed titles %q, %q; want Bee, \"\"", page[0].FeedTitle, page[1].FeedTitle)
	}
	for _, q := range []vigil.ItemQuery{{Limit: -1}, {Offset: -1}} {
		_, err := db.Items(ctx, q)
		wantCode(t, err, vigil.EINVALID)
	}
}

func testItemAndMarkRead(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	b := mustSubscribe(t, db, bob.ID, "https://b.example/feed")
	annItems := mustIngest(t, db, a, t0, makeItems("a", 3)).New
	bobItems := mustIngest(t, db, b, t0, makeItems("b", 1)).New
	first := annItems[0].ID
	tests := []struct {
		name string
		ids  []int64
		read bool
		code string
	}{
		{"none", nil, true, ""},
		{"own items", []int64{first, annItems[1].ID}, true, ""},
		{"again", []int64{first}, true, ""},
		{"other user's item", []int64{annItems[2].ID, bobItems[0].ID}, true, vigil.ENOTFOUND},
		{"missing item", []int64{999}, true, vigil.ENOTFOUND},
		{"unread", []int64{annItems[1].ID}, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCode(t, db.MarkRead(ctx, ann.ID, tt.ids, tt.read), tt.code)
		})
	}
	wantRead := map[int64]bool{first: true, annItems[1].ID: false, annItems[2].ID: false}
	for id, want := range wantRead {
		it, err := db.Item(ctx, ann.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		if it.Read != want {
			t.Errorf("item %d read = %v, want %v (a failed MarkRead changes nothing)", id, it.Read, want)
		}
	}
	sub, err := db.Subscription(ctx, ann.ID, a)
	if err != nil {
		t.Fatal(err)
	}
	if sub.Unread != 2 {
		t.Errorf("unread = %d, want 2", sub.Unread)
	}
	it, err := db.Item(ctx, 0, bobItems[0].ID)
	if err != nil || it.Key != "b0" || it.Read {
		t.Errorf("Item(0, %d) = %+v, %v; want b0 unread", bobItems[0].ID, it, err)
	}
	_, err = db.Item(ctx, ann.ID, 999)
	wantCode(t, err, vigil.ENOTFOUND)
}

func testItemFieldsRoundTrip(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	in := vigil.Item{
		Key: "guid-1", Hash: "h1", URL: "https://example.com/1", Title: "Title ü", Author: "Ann",
		Summary: "sum", Content: "<p>content</p>",
		Published: t0.Add(-time.Hour).In(time.FixedZone("X", -5*3600)), Updated: t0.Add(-time.Minute),
	}
	got := mustIngest(t, db, id, t0, []vigil.Item{in}).New[0]
	stored, err := db.Item(ctx, ann.ID, got.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := in
	want.ID, want.FeedID, want.Seen, want.Published = got.ID, id, t0, in.Published.UTC()
	if !reflect.DeepEqual(*stored, want) || !reflect.DeepEqual(got, want) {
		t.Errorf("stored item\n got %+v\n     %+v\nwant %+v", *stored, got, want)
	}
}

// itemKeys lists the keys of items in order.
func itemKeys(items []vigil.Item) []string {
	keys := make([]string, len(items))
	for i, it := range items {
		keys[i] = fmt.Sprint(it.Key)
	}
	return keys
}
