package storetest

import (
	"slices"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

func testSetFolderAndRename(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	feed := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	mustSubscribe(t, db, bob.ID, "https://a.example/feed")

	if err := db.SetFolder(ctx, ann.ID, feed, " News / World "); err != nil {
		t.Fatal(err)
	}
	if err := db.RenameSubscription(ctx, ann.ID, feed, "  My A "); err != nil {
		t.Fatal(err)
	}
	sub, err := db.Subscription(ctx, ann.ID, feed)
	if err != nil {
		t.Fatal(err)
	}
	if sub.Folder != "News/World" || sub.Title != "My A" {
		t.Errorf("ann's subscription folder %q title %q, want News/World and My A", sub.Folder, sub.Title)
	}
	other, err := db.Subscriptions(ctx, bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	if other[0].Folder != "" || other[0].Title != "" {
		t.Errorf("bob's subscription changed by ann's edit: %+v", other[0])
	}
	// Subscribing again keeps the folder.
	if _, err := db.Subscribe(ctx, ann.ID, "https://a.example/feed", 3, t0); err != nil {
		t.Fatal(err)
	}
	if sub, _ = db.Subscription(ctx, ann.ID, feed); sub.Folder != "News/World" {
		t.Errorf("folder after subscribing again = %q", sub.Folder)
	}

	wantCode(t, db.SetFolder(ctx, ann.ID, feed, "bad\x00name"), vigil.EINVALID)
	wantCode(t, db.SetFolder(ctx, ann.ID, feed+100, "X"), vigil.ENOTFOUND)
	wantCode(t, db.RenameSubscription(ctx, ann.ID, feed+100, "X"), vigil.ENOTFOUND)
	bobOnly := mustSubscribe(t, db, bob.ID, "https://b.example/feed")
	wantCode(t, db.SetFolder(ctx, ann.ID, bobOnly, "X"), vigil.ENOTFOUND)
}

// streamFixture stores two feeds for ann (the second in folder "Tech"),
// each with three items published an hour apart, and a third feed only bob
// follows. It returns the database, ann, bob and the item IDs of ann's
// feeds, oldest first over both feeds.
func streamFixture(t *testing.T, h Harness) (store.Store, *vigil.User, *vigil.User, [2]int64, []int64) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	feeds := [2]int64{mustSubscribe(t, db, ann.ID, "https://a.example/feed"), mustSubscribe(t, db, ann.ID, "https://t.example/feed")}
	if err := db.SetFolder(ctx, ann.ID, feeds[1], "Tech"); err != nil {
		t.Fatal(err)
	}
	for f, prefix := range []string{"a", "t"} {
		items := makeItems(prefix, 3)
		for i := range items { // a0 at t0-6h, t0 at t0-5h, ... interleaved
			items[i].Published = t0.Add(-time.Duration(6-2*i-f) * time.Hour)
		}
		mustIngest(t, db, feeds[f], t0, items)
	}
	bobFeed := mustSubscribe(t, db, bob.ID, "https://b.example/feed")
	mustIngest(t, db, bobFeed, t0, makeItems("b", 2))
	entries, err := db.StreamEntries(ctx, vigil.StreamQuery{UserID: ann.ID, OldestFirst: true, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]int64, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	if len(ids) != 6 {
		t.Fatalf("ann's stream has %d items, want 6", len(ids))
	}
	return db, ann, bob, feeds, ids
}

func testStreamEntries(t *testing.T, h Harness) {
	db, ann, _, feeds, ids := streamFixture(t, h)
	if err := db.MarkRead(ctx, ann.ID, []int64{ids[0], ids[3]}, true); err != nil {
		t.Fatal(err)
	}
	if err := db.StarItems(ctx, ann.ID, []int64{ids[3], ids[5]}, true); err != nil {
		t.Fatal(err)
	}
	rev := slices.Clone(ids)
	slices.Reverse(rev)
	tests := []struct {
		name string
		q    vigil.StreamQuery
		want []int64
	}{
		{"newest first", vigil.StreamQuery{}, rev},
		{"oldest first", vigil.StreamQuery{OldestFirst: true}, ids},
		{"limit", vigil.StreamQuery{Limit: 2}, rev[:2]},
		{"feed", vigil.StreamQuery{FeedID: feeds[0]}, []int64{ids[4], ids[2], ids[0]}},
		{"folder", vigil.StreamQuery{Folder: "Tech"}, []int64{ids[5], ids[3], ids[1]}},
		{"unknown folder", vigil.StreamQuery{Folder: "Nope"}, nil},
		{"unread", vigil.StreamQuery{ExcludeRead: true}, []int64{ids[5], ids[4], ids[2], ids[1]}},
		{"read", vigil.StreamQuery{ReadOnly: true}, []int64{ids[3], ids[0]}},
		{"starred", vigil.StreamQuery{StarredOnly: true}, []int64{ids[5], ids[3]}},
		{"since", vigil.StreamQuery{Since: t0.Add(-3 * time.Hour)}, []int64{ids[5], ids[4], ids[3]}},
		{"until", vigil.StreamQuery{Until: t0.Add(-5 * time.Hour)}, []int64{ids[1], ids[0]}},
		{"after cursor", vigil.StreamQuery{After: &vigil.StreamCursor{At: t0.Add(-2 * time.Hour), ID: ids[4]}}, []int64{ids[3], ids[2], ids[1], ids[0]}},
		{"after cursor, oldest first", vigil.StreamQuery{OldestFirst: true, After: &vigil.StreamCursor{At: t0.Add(-5 * time.Hour), ID: ids[1]}}, ids[2:]},
		{"id bounds", vigil.StreamQuery{MinID: min(ids[0], ids[2]), MaxID: max(ids[0], ids[2])}, []int64{ids[2], ids[0]}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.q.UserID = ann.ID
			entries, err := db.StreamEntries(ctx, tt.q)
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, e := range entries {
				got = append(got, e.ID)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	entries, _ := db.StreamEntries(ctx, vigil.StreamQuery{UserID: ann.ID, OldestFirst: true, Limit: 1})
	if e := entries[0]; !e.At.Equal(t0.Add(-6*time.Hour)) || !e.Read || e.Starred || e.FeedID != feeds[0] {
		t.Errorf("first entry = %+v", e)
	}
	_, err := db.StreamEntries(ctx, vigil.StreamQuery{})
	wantCode(t, err, vigil.EINVALID)
}

func testItemsByIDKeepsToTheUser(t *testing.T, h Harness) {
	db, ann, bob, _, ids := streamFixture(t, h)
	bobs, err := db.StreamEntries(ctx, vigil.StreamQuery{UserID: bob.ID})
	if err != nil || len(bobs) != 2 {
		t.Fatalf("bob's stream: %v, %v", bobs, err)
	}
	items, err := db.ItemsByID(ctx, ann.ID, []int64{ids[2], bobs[0].ID, ids[0], 9999, ids[2]})
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, it := range items {
		got = append(got, it.ID)
	}
	if want := []int64{ids[2], ids[0]}; !slices.Equal(got, want) {
		t.Errorf("ItemsByID = %v, want %v (bob's item, an unknown and a repeated ID left out)", got, want)
	}
	if items[0].Title == "" || items[0].FeedTitle != "" && items[0].Content == "" {
		t.Errorf("item without its fields: %+v", items[0])
	}
	_, err = db.ItemsByID(ctx, ann.ID, make([]int64, MaxItemsByID+1))
	wantCode(t, err, vigil.EINVALID)
}

func testMarkStreamRead(t *testing.T, h Harness) {
	db, ann, bob, feeds, _ := streamFixture(t, h)
	// An item that arrives after the reader looked, dated before all the
	// others (a feed that publishes late, or backdates): marking read up
	// to the moment the reader looked must leave it unread.
	late := makeItems("late", 1)
	late[0].Published = t0.Add(-10 * time.Hour)
	mustIngest(t, db, feeds[0], t0.Add(2*time.Hour), late)
	feedA := vigil.StreamQuery{UserID: ann.ID, FeedID: feeds[0]}
	tests := []struct {
		name  string
		q     vigil.StreamQuery
		until time.Time
		want  int64
	}{
		{"feed A until just before its items arrived", feedA, t0.Add(-time.Nanosecond), 0},
		{"feed A until they arrived (inclusive), not the late one", feedA, t0, 3},
		{"folder Tech, no bound", vigil.StreamQuery{UserID: ann.ID, Folder: "Tech"}, time.Time{}, 3},
		{"everything, no bound: the late one left", vigil.StreamQuery{UserID: ann.ID}, time.Time{}, 1},
	}
	for _, tc := range tests {
		n, err := db.MarkStreamRead(ctx, tc.q, tc.until)
		if err != nil || n != tc.want {
			t.Errorf("%s: marked %d, %v; want %d", tc.name, n, err, tc.want)
		}
		if tc.want == 3 && tc.q.FeedID != 0 {
			unread, _ := db.StreamEntries(ctx, vigil.StreamQuery{UserID: ann.ID, ExcludeRead: true, FeedID: feeds[0]})
			if len(unread) != 1 {
				t.Errorf("%s: feed A has %d unread items, want the late one", tc.name, len(unread))
			}
		}
	}
	unread, _ := db.StreamEntries(ctx, vigil.StreamQuery{UserID: bob.ID, ExcludeRead: true})
	if len(unread) != 2 {
		t.Errorf("bob has %d unread items after ann marked all read, want 2", len(unread))
	}
}

func testStreamEntriesByID(t *testing.T, h Harness) {
	db, ann, _, _, ids := streamFixture(t, h)
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	entries, err := db.StreamEntries(ctx, vigil.StreamQuery{UserID: ann.ID, ByID: true, OldestFirst: true, After: &vigil.StreamCursor{ID: sorted[1]}, Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, e := range entries {
		got = append(got, e.ID)
	}
	if !slices.Equal(got, sorted[2:5]) {
		t.Errorf("by ID after %d: %v, want %v", sorted[1], got, sorted[2:5])
	}
	entries, _ = db.StreamEntries(ctx, vigil.StreamQuery{UserID: ann.ID, ByID: true, After: &vigil.StreamCursor{ID: sorted[2]}})
	if len(entries) != 2 || entries[0].ID != sorted[1] || entries[1].ID != sorted[0] {
		t.Errorf("by ID before %d, newest first: %+v", sorted[2], entries)
	}
}

func testFeverKey(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	if err := db.SetFeverKey(ctx, ann.ID, "k1"); err != nil {
		t.Fatal(err)
	}
	if u, err := db.UserByFeverKey(ctx, "k1"); err != nil || u.ID != ann.ID {
		t.Errorf("UserByFeverKey(k1) = %v, %v; want ann", u, err)
	}
	wantCode(t, db.SetFeverKey(ctx, bob.ID, "k1"), vigil.ECONFLICT)
	wantCode(t, db.SetFeverKey(ctx, bob.ID+100, "k2"), vigil.ENOTFOUND)
	if err := db.SetFeverKey(ctx, ann.ID, ""); err != nil {
		t.Fatal(err)
	}
	_, err := db.UserByFeverKey(ctx, "k1")
	wantCode(t, err, vigil.ENOTFOUND)
	_, err = db.UserByFeverKey(ctx, "")
	wantCode(t, err, vigil.ENOTFOUND)
	if err := db.SetFeverKey(ctx, bob.ID, "k1"); err != nil {
		t.Errorf("a removed key is free again: %v", err)
	}
}

func testNewestItems(t *testing.T, h Harness) {
	db, ann, bob, feeds, _ := streamFixture(t, h)
	empty := mustSubscribe(t, db, ann.ID, "https://empty.example/feed")
	newest, err := db.NewestItems(ctx, ann.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]time.Time{feeds[0]: t0.Add(-2 * time.Hour), feeds[1]: t0.Add(-time.Hour)}
	if len(newest) != 2 || !newest[feeds[0]].Equal(want[feeds[0]]) || !newest[feeds[1]].Equal(want[feeds[1]]) {
		t.Errorf("NewestItems = %v, want %v (and nothing for the empty feed %d)", newest, want, empty)
	}
	if other, _ := db.NewestItems(ctx, bob.ID); len(other) != 1 {
		t.Errorf("bob's newest items: %v, want his one feed", other)
	}
}
