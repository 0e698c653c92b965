package storetest

import (
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
)

func testStarItems(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	other := mustSubscribe(t, db, mustUser(t, db, "bob").ID, "https://bob.example/feed")
	items := mustIngest(t, db, id, t0, makeItems("a", 4)).New
	foreign := mustIngest(t, db, other, t0, makeItems("b", 1)).New
	if err := db.MarkRead(ctx, ann.ID, []int64{items[1].ID}, true); err != nil {
		t.Fatal(err)
	}
	if err := db.StarItems(ctx, ann.ID, []int64{items[0].ID, items[1].ID, items[2].ID}, true); err != nil {
		t.Fatal(err)
	}
	if err := db.StarItems(ctx, ann.ID, []int64{items[2].ID}, false); err != nil {
		t.Fatal(err)
	}
	err := db.StarItems(ctx, ann.ID, []int64{items[3].ID, foreign[0].ID}, true)
	wantCode(t, err, vigil.ENOTFOUND)
	starred, err := db.Items(ctx, vigil.ItemQuery{UserID: ann.ID, StarredOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if keys := itemKeys(starred); !slices.Equal(keys, []string{"a0", "a1"}) {
		t.Errorf("starred items = %v, want [a0 a1] (a2 unstarred, a3 in a refused batch)", keys)
	}
	if !starred[1].Read || starred[0].Read || !starred[0].Starred {
		t.Errorf("starred items = %+v, want a0 starred unread and a1 still read", starred)
	}
	unreadStarred, err := db.Items(ctx, vigil.ItemQuery{UserID: ann.ID, StarredOnly: true, UnreadOnly: true})
	if err != nil || !slices.Equal(itemKeys(unreadStarred), []string{"a0"}) {
		t.Errorf("unread starred items = %v, %v; want [a0]", itemKeys(unreadStarred), err)
	}
	it, err := db.Item(ctx, ann.ID, items[0].ID)
	if err != nil || !it.Starred {
		t.Errorf("Item = %+v, %v; want it starred", it, err)
	}
	if err := db.MarkRead(ctx, ann.ID, []int64{items[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	if it, _ := db.Item(ctx, ann.ID, items[0].ID); !it.Starred || !it.Read {
		t.Errorf("after MarkRead, item = %+v; want it read and still starred", it)
	}
	if sub, _ := db.Subscription(ctx, ann.ID, id); sub.Unread != 2 {
		t.Errorf("unread count = %d, want 2: stars must not count as read", sub.Unread)
	}
}

func testInterestItems(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	id := mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	items := mustIngest(t, db, id, t0, makeItems("a", 6)).New
	ids := func(i ...int) []int64 {
		out := make([]int64, len(i))
		for k, n := range i {
			out[k] = items[n].ID
		}
		return out
	}
	if err := db.StarItems(ctx, ann.ID, ids(1, 3, 4), true); err != nil {
		t.Fatal(err)
	}
	for _, o := range []struct {
		item int
		at   time.Time
	}{{0, t0.Add(time.Hour)}, {4, t0.Add(3 * time.Hour)}, {2, t0.Add(2 * time.Hour)}, {0, t0.Add(4 * time.Hour)}} {
		if err := db.MarkOpened(ctx, ann.ID, items[o.item].ID, o.at); err != nil {
			t.Fatal(err)
		}
	}
	got, err := db.InterestItems(ctx, ann.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Opened latest first (a0 reopened last), then starred never opened,
	// newest ID first (a1, above a3 in the feed); a5 was neither.
	want := []string{"a0", "a4", "a2", "a1", "a3"}
	if keys := itemKeys(got); !slices.Equal(keys, want) {
		t.Errorf("interest items = %v, want %v", keys, want)
	}
	for _, it := range got {
		opened := it.Key == "a0" || it.Key == "a4" || it.Key == "a2"
		if it.Read != opened {
			t.Errorf("%s read = %v, want %v (opening marks read)", it.Key, it.Read, opened)
		}
	}
	if two, err := db.InterestItems(ctx, ann.ID, 2); err != nil || !slices.Equal(itemKeys(two), want[:2]) {
		t.Errorf("interest items with limit 2 = %v, %v", itemKeys(two), err)
	}
	_, err = db.InterestItems(ctx, ann.ID, -1)
	wantCode(t, err, vigil.EINVALID)
	if err := db.Unsubscribe(ctx, ann.ID, id); err != nil {
		t.Fatal(err)
	}
	if gone, err := db.InterestItems(ctx, ann.ID, 0); err != nil || len(gone) != 0 {
		t.Errorf("interest items of an unfollowed feed = %v, %v; want none", itemKeys(gone), err)
	}
	mustSubscribe(t, db, ann.ID, "https://example.com/feed")
	if back, err := db.InterestItems(ctx, ann.ID, 0); err != nil || !slices.Equal(itemKeys(back), want) {
		t.Errorf("interest items after following again = %v, %v; want %v", itemKeys(back), err, want)
	}
	tests := []struct {
		name   string
		userID int64
		itemID int64
		at     time.Time
		code   string
	}{
		{"zero time", ann.ID, items[5].ID, time.Time{}, vigil.EINVALID},
		{"unknown item", ann.ID, items[5].ID + 100, t0, vigil.ENOTFOUND},
		{"unknown user", ann.ID + 100, items[5].ID, t0, vigil.ENOTFOUND},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCode(t, db.MarkOpened(ctx, tt.userID, tt.itemID, tt.at), tt.code)
		})
	}
}

func testSetInterests(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	if ann.Interests != "" {
		t.Fatalf("new user has interests %q", ann.Interests)
	}
	tests := []struct {
		name   string
		userID int64
		text   string
		code   string
	}{
		{"some text", ann.ID, "birds of prey, Lisbon, sqlite", ""},
		{"at the limit", ann.ID, strings.Repeat("é", MaxInterestsLength), ""},
		{"over the limit", ann.ID, strings.Repeat("a", MaxInterestsLength+1), vigil.EINVALID},
		{"not UTF-8", ann.ID, "bad \xff", vigil.EINVALID},
		{"unknown user", ann.ID + 100, "x", vigil.ENOTFOUND},
		{"cleared", ann.ID, "", ""},
		{"final", ann.ID, "  raptors\nand owls ", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := db.SetInterests(ctx, tt.userID, tt.text)
			wantCode(t, err, tt.code)
			if tt.code == vigil.EINVALID && !strings.Contains(err.Error(), "interests") {
				t.Errorf("error %q does not say what was wrong", err)
			}
			if tt.code == "" {
				if u, err := db.UserByName(ctx, "ann"); err != nil || u.Interests != tt.text {
					t.Errorf("interests read back as %.20q (%v), want %.20q", u.Interests, err, tt.text)
				}
			}
		})
	}
	if err := db.SetInterests(ctx, ann.ID, "owls"); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateSession(ctx, "sess", ann.ID, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	lookups := map[string]func() (*vigil.User, error){
		"UserByToken": func() (*vigil.User, error) { return db.UserByToken(ctx, "tok-ann") },
		"SessionUser": func() (*vigil.User, error) { return db.SessionUser(ctx, "sess", t0) },
		"Users": func() (*vigil.User, error) {
			users, err := db.Users(ctx)
			return &users[0], err
		},
	}
	for name, lookup := range lookups {
		if u, err := lookup(); err != nil || u.Interests != "owls" {
			t.Errorf("%s gives interests %q (%v), want owls", name, u.Interests, err)
		}
	}
	bob := &vigil.User{Name: "bob", Interests: "gardens"}
	if err := db.CreateUser(ctx, bob); err != nil {
		t.Fatal(err)
	}
	if u, _ := db.UserByName(ctx, "bob"); u.Interests != "gardens" {
		t.Errorf("CreateUser stored interests %q, want gardens", u.Interests)
	}
	wantCode(t, db.CreateUser(ctx, &vigil.User{Name: "cid", Interests: strings.Repeat("x", 5000)}), vigil.EINVALID)
}
