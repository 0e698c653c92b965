package storetest

import (
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

func testSetPasswordEndsSessions(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	expires := t0.Add(time.Hour)
	for _, s := range []struct {
		hash string
		user int64
	}{{"ann-1", ann.ID}, {"ann-2", ann.ID}, {"bob-1", bob.ID}} {
		if err := db.CreateSession(ctx, s.hash, s.user, expires); err != nil {
			t.Fatal(err)
		}
	}
	wantCode(t, db.SetPassword(ctx, ann.ID, ""), vigil.EINVALID)
	wantCode(t, db.SetPassword(ctx, bob.ID+100, "pw"), vigil.ENOTFOUND)
	if _, err := db.SessionUser(ctx, "ann-1", t0); err != nil {
		t.Fatalf("a refused password change ended a session: %v", err)
	}
	if err := db.SetPassword(ctx, ann.ID, "pw-new"); err != nil {
		t.Fatal(err)
	}
	got, err := db.UserByName(ctx, "ann")
	if err != nil || got.PasswordHash != "pw-new" {
		t.Fatalf("UserByName after SetPassword = %+v, %v; want hash pw-new", got, err)
	}
	for _, hash := range []string{"ann-1", "ann-2"} {
		_, err := db.SessionUser(ctx, hash, t0)
		wantCode(t, err, vigil.ENOTFOUND)
	}
	if u, err := db.SessionUser(ctx, "bob-1", t0); err != nil || u.ID != bob.ID {
		t.Errorf("another user's session = %+v, %v; want bob's, unchanged", u, err)
	}
	if b, _ := db.UserByName(ctx, "bob"); b == nil || b.PasswordHash != "pw-bob" {
		t.Errorf("another user's password changed: %+v", b)
	}
}

func testSetToken(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	tests := []struct {
		name   string
		userID int64
		hash   string
		code   string
	}{
		{"empty", ann.ID, "", vigil.EINVALID},
		{"another user's", ann.ID, "tok-bob", vigil.ECONFLICT},
		{"unknown user", bob.ID + 100, "tok-x", vigil.ENOTFOUND},
		{"new", ann.ID, "tok-ann-2", ""},
		{"same again", ann.ID, "tok-ann-2", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCode(t, db.SetToken(ctx, tt.userID, tt.hash), tt.code)
		})
	}
	_, err := db.UserByToken(ctx, "tok-ann")
	wantCode(t, err, vigil.ENOTFOUND)
	if u, err := db.UserByToken(ctx, "tok-ann-2"); err != nil || u.ID != ann.ID {
		t.Errorf("UserByToken(new) = %+v, %v; want ann", u, err)
	}
	if u, err := db.UserByToken(ctx, "tok-bob"); err != nil || u.ID != bob.ID {
		t.Errorf("UserByToken(bob's) = %+v, %v; want bob, unchanged", u, err)
	}
}

func testDeleteUser(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	shared := mustSubscribe(t, db, ann.ID, "https://shared.example/feed")
	mustSubscribe(t, db, bob.ID, "https://shared.example/feed")
	own := mustSubscribe(t, db, ann.ID, "https://own.example/feed")
	mustIngest(t, db, shared, t0, makeItems("s", 3))
	mustIngest(t, db, own, t0, makeItems("o", 2))
	markAllRead(t, db, ann.ID, shared)
	markAllRead(t, db, bob.ID, shared)
	if err := db.CreateSession(ctx, "ann-1", ann.ID, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}

	if err := db.DeleteUser(ctx, ann.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.DeleteUser(ctx, ann.ID), vigil.ENOTFOUND)
	_, err := db.UserByName(ctx, "ann")
	wantCode(t, err, vigil.ENOTFOUND)
	_, err = db.UserByToken(ctx, "tok-ann")
	wantCode(t, err, vigil.ENOTFOUND)
	_, err = db.SessionUser(ctx, "ann-1", t0)
	wantCode(t, err, vigil.ENOTFOUND)
	subs, err := db.Subscriptions(ctx, ann.ID)
	if err != nil || len(subs) != 0 {
		t.Errorf("deleted user's subscriptions = %d, %v; want none", len(subs), err)
	}
	feeds := []struct {
		name             string
		id               int64
		items, followers int
	}{{"shared", shared, 3, 1}, {"own", own, 2, 0}}
	for _, w := range feeds {
		f, err := db.Feed(ctx, w.id)
		if err != nil {
			t.Fatalf("%s feed after DeleteUser: %v", w.name, err)
		}
		if f.ItemCount != w.items || f.Subscribers != w.followers {
			t.Errorf("%s feed = %d items, %d subscribers; want %d, %d", w.name, f.ItemCount, f.Subscribers, w.items, w.followers)
		}
	}
	sub, err := db.Subscription(ctx, bob.ID, shared)
	if err != nil || sub.Unread != 0 {
		t.Errorf("bob's subscription after ann went = %+v, %v; want it with 0 unread", sub, err)
	}
	if b, err := db.UserByName(ctx, "bob"); err != nil || b.ID != bob.ID {
		t.Errorf("bob after ann went = %+v, %v", b, err)
	}
}

// markAllRead marks every item of the feed read for the user.
func markAllRead(t testing.TB, db store.Store, userID, feedID int64) {
	t.Helper()
	items, err := db.Items(ctx, vigil.ItemQuery{UserID: userID, FeedID: feedID})
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	if err := db.MarkRead(ctx, userID, ids, true); err != nil {
		t.Fatal(err)
	}
}
