package storetest

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
)

func testMoveFeedRenames(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob, cid := mustUser(t, db, "ann"), mustUser(t, db, "bob"), mustUser(t, db, "cid")
	const oldURL, newURL = "http://old.example/feed", "https://new.example/feed"
	id := mustSubscribe(t, db, ann.ID, oldURL)
	mustSubscribe(t, db, bob.ID, oldURL)
	mustSubscribe(t, db, cid.ID, "https://other.example/feed")
	mustIngest(t, db, id, t0, makeItems("a", 2))
	at := t0.Add(time.Hour)
	if into, err := db.MoveFeed(ctx, id, newURL, at); err != nil || into != id {
		t.Fatalf("MoveFeed = %d, %v; want the feed's own ID %d", into, err, id)
	}
	f, err := db.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if f.URL != newURL || f.ItemCount != 2 || f.Subscribers != 2 {
		t.Errorf("moved feed = %+v", f)
	}
	for _, u := range []*vigil.User{ann, bob} {
		notices, err := db.Notices(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(notices) != 1 || !notices[0].At.Equal(at) || notices[0].UserID != u.ID ||
			!strings.Contains(notices[0].Text, oldURL) || !strings.Contains(notices[0].Text, newURL) {
			t.Errorf("notices of %s = %+v, want one naming both URLs", u.Name, notices)
		}
	}
	if notices, _ := db.Notices(ctx, cid.ID); len(notices) != 0 {
		t.Errorf("a user not following the feed got notices: %+v", notices)
	}
	tests := []struct {
		name string
		id   int64
		url  string
		now  time.Time
		code string
	}{
		{"unknown feed", id + 100, "https://x.example/", at, vigil.ENOTFOUND},
		{"empty URL", id, "", at, vigil.EINVALID},
		{"zero time", id, "https://x.example/", time.Time{}, vigil.EINVALID},
		{"same URL", id, newURL, at, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := db.MoveFeed(ctx, tt.id, tt.url, tt.now)
			wantCode(t, err, tt.code)
		})
	}
	if notices, _ := db.Notices(ctx, ann.ID); len(notices) != 1 {
		t.Errorf("moving to the same URL left a notice: %+v", notices)
	}
}

func testMoveFeedMerges(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob, cid := mustUser(t, db, "ann"), mustUser(t, db, "bob"), mustUser(t, db, "cid")
	const oldURL, newURL = "http://old.example/feed", "https://new.example/feed"
	old := mustSubscribe(t, db, ann.ID, oldURL)
	if _, err := db.Subscribe(ctx, bob.ID, oldURL, 3, t0); err != nil {
		t.Fatal(err)
	}
	target := mustSubscribe(t, db, bob.ID, newURL)
	mustSubscribe(t, db, cid.ID, newURL)
	mustIngest(t, db, old, t0, makeItems("a", 2))
	if err := db.RecordAccess(ctx, ann.ID, old, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	mustRule(t, db, ann.ID, old, "rocket")
	if into, err := db.MoveFeed(ctx, old, newURL, t0.Add(time.Hour)); err != nil || into != target {
		t.Fatalf("MoveFeed = %d, %v; want the feed merged into %d", into, err, target)
	}
	if rules, err := db.AlertRules(ctx, ann.ID); err != nil || len(rules) != 1 || rules[0].FeedID != target {
		t.Errorf("ann's rule on the old feed after the merge: %+v %v, want it on the target", rules, err)
	}
	if looks, err := db.Looks(ctx, time.Time{}); err != nil || len(looks) != 1 || looks[0].FeedID != target {
		t.Errorf("ann's look at the old feed after the merge: %+v %v, want it at the target", looks, err)
	}
	f, err := db.Feed(ctx, old)
	if err != nil {
		t.Fatal(err)
	}
	if f.URL != oldURL || f.ItemCount != 0 || f.Subscribers != 0 {
		t.Errorf("old feed = %+v, want its URL, no items and no subscribers", f)
	}
	g, err := db.Feed(ctx, target)
	if err != nil {
		t.Fatal(err)
	}
	if g.Subscribers != 3 || g.Weight != 5 {
		t.Errorf("target feed: %d subscribers, weight %v; want 3, 5 (bob keeps his larger weight)",
			g.Subscribers, g.Weight)
	}
	wantNotices := map[*vigil.User]int{ann: 1, bob: 1, cid: 0}
	for u, want := range wantNotices {
		if notices, _ := db.Notices(ctx, u.ID); len(notices) != want {
			t.Errorf("%s has %d notices, want %d", u.Name, len(notices), want)
		}
	}
	if _, err := db.Subscription(ctx, ann.ID, target); err != nil {
		t.Errorf("ann does not follow the target: %v", err)
	}
}

func testMoveFeedMergesHistory(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	const oldURL, newURL = "http://old.example/feed", "https://new.example/feed"
	old := mustSubscribe(t, db, ann.ID, oldURL)
	target := mustSubscribe(t, db, bob.ID, newURL)
	oldItems := mustIngest(t, db, old, t0, makeItems("a", 3)).New
	mustIngest(t, db, target, t0, append(makeItems("b", 1), makeItems("a", 2)[1]))
	// ann read a0 (only on the old feed) and a1 (on both feeds).
	if err := db.MarkRead(ctx, ann.ID, []int64{oldItems[0].ID, oldItems[1].ID}, true); err != nil {
		t.Fatal(err)
	}
	if _, err := db.MoveFeed(ctx, old, newURL, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	items, err := db.Items(ctx, vigil.ItemQuery{UserID: ann.ID, FeedID: target})
	if err != nil {
		t.Fatal(err)
	}
	read := map[string]bool{}
	for _, it := range items {
		if _, dup := read[it.Key]; dup {
			t.Errorf("key %s listed twice on the target", it.Key)
		}
		read[it.Key] = it.Read
	}
	want := map[string]bool{"a0": true, "a1": true, "a2": false, "b0": false}
	if !maps.Equal(read, want) {
		t.Errorf("ann's items of the target (key: read) = %v, want %v", read, want)
	}
	sub, err := db.Subscription(ctx, ann.ID, target)
	if err != nil {
		t.Fatal(err)
	}
	if sub.Feed.ItemCount != 4 || sub.Unread != 2 {
		t.Errorf("target after the merge: %d items, %d unread for ann; want 4 and 2", sub.Feed.ItemCount, sub.Unread)
	}
	if f, err := db.Feed(ctx, old); err != nil || f.ItemCount != 1 {
		t.Errorf("old feed after the merge: %+v, %v; want only its duplicate a1 counted", f, err)
	}
}

func testNoticesNewestFirst(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://a.example/1")
	for i, url := range []string{"https://a.example/2", "https://a.example/3", "https://a.example/4"} {
		if _, err := db.MoveFeed(ctx, id, url, t0.Add(time.Duration(i)*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	notices, err := db.Notices(ctx, ann.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(notices) != 3 || !strings.Contains(notices[0].Text, "https://a.example/4") ||
		!notices[0].At.After(notices[1].At) {
		t.Errorf("notices = %+v, want the latest move first", notices)
	}
}

func testMoveFeedMergesStarsAndOpenings(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	const oldURL, newURL = "http://old.example/feed", "https://new.example/feed"
	old := mustSubscribe(t, db, ann.ID, oldURL)
	target := mustSubscribe(t, db, ann.ID, newURL)
	o := mustIngest(t, db, old, t0, makeItems("a", 3)).New
	n := mustIngest(t, db, target, t0, append(makeItems("a", 3)[1:], makeItems("b", 1)...)).New // a1 a2 b0
	byKey := map[string]int64{}
	for _, it := range n {
		byKey[it.Key] = it.ID
	}
	// On the old feed ann starred a0 (which moves) and a1 (which the target
	// has too), and opened a2 last; on the target she opened a2 earlier, b0
	// in between, and marked a1 unread.
	steps := []error{
		db.StarItems(ctx, ann.ID, []int64{o[0].ID, o[1].ID}, true),
		db.MarkOpened(ctx, ann.ID, o[2].ID, t0.Add(3*time.Hour)),
		db.MarkOpened(ctx, ann.ID, byKey["a2"], t0.Add(time.Hour)),
		db.MarkOpened(ctx, ann.ID, byKey["b0"], t0.Add(2*time.Hour)),
		db.MarkRead(ctx, ann.ID, []int64{byKey["a1"]}, false),
	}
	for _, err := range steps {
		if err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.MoveFeed(ctx, old, newURL, t0.Add(4*time.Hour)); err != nil {
		t.Fatal(err)
	}
	items, err := db.Items(ctx, vigil.ItemQuery{UserID: ann.ID, FeedID: target})
	if err != nil {
		t.Fatal(err)
	}
	type state struct{ read, starred bool }
	got := map[string]state{}
	for _, it := range items {
		got[it.Key] = state{it.Read, it.Starred}
	}
	want := map[string]state{"a0": {false, true}, "a1": {false, true}, "a2": {true, false}, "b0": {true, false}}
	if !maps.Equal(got, want) {
		t.Errorf("ann's states on the target (key: read, starred) = %v, want %v", got, want)
	}
	interests, err := db.InterestItems(ctx, ann.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	// a2 keeps the later of its two openings; the starred ones follow,
	// newest ID first (a1 is the target's, a0 moved from the old feed).
	// The old feed's copies of a1 and a2 are no longer followed.
	wantOrder := []string{"a2", "b0", "a1", "a0"}
	if keys := itemKeys(interests); !slices.Equal(keys, wantOrder) {
		t.Errorf("ann's interests = %v, want %v", keys, wantOrder)
	}
}
