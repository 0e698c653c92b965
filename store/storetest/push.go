package storetest

import (
	"reflect"
	"testing"
	"time"

	"vigil"
)

// testPushes stores, replaces, lists and removes WebSub subscriptions,
// and keeps them after their feed's last follower leaves.
func testPushes(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	b := mustSubscribe(t, db, ann.ID, "https://b.example/feed")
	if _, err := db.Push(ctx, a); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Fatalf("no subscription: got %v, want ENOTFOUND", err)
	}
	pa := vigil.Push{FeedID: a, Hub: "https://hub.example/", Topic: "https://a.example/feed", State: vigil.PushPending,
		Key: "k1", Secret: "s1", Requested: t0}
	pb := vigil.Push{FeedID: b, Hub: "https://hub.example/", Topic: "https://b.example/self", State: vigil.PushActive,
		Key: "k2", Secret: "", Requested: t0, LeaseUntil: t0.Add(24 * time.Hour), LastPush: t0.Add(time.Hour)}
	for _, p := range []vigil.Push{pb, pa} {
		if err := db.SavePush(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	pa.State, pa.LeaseUntil, pa.Note = vigil.PushSilent, t0.Add(time.Hour), "the hub missed 2 items" // replaces
	if err := db.SavePush(ctx, pa); err != nil {
		t.Fatal(err)
	}
	if err := db.SavePush(ctx, vigil.Push{FeedID: a, Topic: "x", Key: "k"}); vigil.ErrorCode(err) != vigil.EINVALID {
		t.Errorf("a push without hub: got %v, want EINVALID", err)
	}
	got, err := db.Pushes(ctx)
	if err != nil || !reflect.DeepEqual(got, []vigil.Push{pa, pb}) {
		t.Fatalf("Pushes = %+v, %v; want %+v", got, err, []vigil.Push{pa, pb})
	}
	if err := db.Unsubscribe(ctx, ann.ID, b); err != nil {
		t.Fatal(err)
	}
	if p, err := db.Push(ctx, b); err != nil || !reflect.DeepEqual(*p, pb) {
		t.Errorf("after the last follower left: Push = %+v, %v; want %+v", p, err, pb)
	}
	if err := db.RemovePush(ctx, b); err != nil {
		t.Fatal(err)
	}
	if err := db.RemovePush(ctx, b); err != nil {
		t.Errorf("removing twice: %v", err)
	}
	if got, err := db.Pushes(ctx); err != nil || len(got) != 1 || got[0].FeedID != a {
		t.Errorf("after RemovePush: %+v, %v", got, err)
	}
}

// testPushedObservation keeps the mark of an observation a hub pushed.
func testPushedObservation(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	mustIngest(t, db, a, t0, nil)
	f := fetched(a, t0.Add(time.Minute), []vigil.Item{{Key: "1", Hash: "h1", Title: "one"}})
	f.Observation.Pushed = true
	if _, err := db.Ingest(ctx, f, keepFeed); err != nil {
		t.Fatal(err)
	}
	obs, err := db.Observations(ctx, a, 0)
	if err != nil || len(obs) != 2 {
		t.Fatalf("Observations = %+v, %v", obs, err)
	}
	if !obs[0].Pushed || obs[1].Pushed || obs[0].NewItems != 1 {
		t.Errorf("pushed marks (newest first) = %v, %v, new %d; want true, false, 1", obs[0].Pushed, obs[1].Pushed, obs[0].NewItems)
	}
	if n, err := db.CountFetchesSince(ctx, t0); err != nil || n != 1 {
		t.Errorf("CountFetchesSince = %d, %v; want 1: a push is not a fetch", n, err)
	}
}
