package storetest

import (
	"context"
	"testing"
	"time"

	"vigil"
)

func testAccessesAndReaders(t *testing.T, h Harness) {
	db := h.open(t)
	ctx := context.Background()
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for i, u := range []int64{ann.ID, ann.ID, bob.ID} {
		if err := db.RecordAccess(ctx, u, 0, t0.Add(time.Duration(i)*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	wantCode(t, db.RecordAccess(ctx, ann.ID, 0, time.Time{}), vigil.EINVALID)
	shared := mustSubscribe(t, db, ann.ID, "https://shared.example/")
	look := vigil.Look{UserID: ann.ID, FeedID: shared, At: t0.Add(time.Hour + time.Minute)}
	if err := db.RecordAccess(ctx, look.UserID, look.FeedID, look.At); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordAccess(ctx, ann.ID, shared+1000, t0.Add(time.Hour)); err == nil {
		t.Error("a look at a feed that does not exist was recorded")
	}
	got, err := db.Accesses(ctx, t0.Add(30*time.Minute))
	if err != nil || len(got[ann.ID]) != 1 || len(got[bob.ID]) != 1 || !got[bob.ID][0].Equal(t0.Add(2*time.Hour)) {
		t.Fatalf("accesses since 09:30 (the look is not one): %v %v", got, err)
	}
	looks, err := db.Looks(ctx, t0)
	if err != nil || len(looks) != 1 || looks[0].UserID != look.UserID || looks[0].FeedID != look.FeedID || !looks[0].At.Equal(look.At) {
		t.Fatalf("looks %+v %v, want %+v", looks, err, look)
	}
	for _, tc := range []struct {
		feed  int64
		since time.Time
		want  int
	}{{shared, t0, 1}, {shared, look.At.Add(time.Second), 0}, {shared + 1000, t0, 0}} {
		if got, err := db.FeedLooks(ctx, tc.feed, tc.since); err != nil || len(got) != tc.want {
			t.Errorf("looks at feed %d since %v: %+v %v, want %d", tc.feed, tc.since, got, err, tc.want)
		}
	}
	if n, err := db.PruneAccesses(ctx, t0.Add(90*time.Minute)); err != nil || n != 3 {
		t.Fatalf("pruned %d, %v; want 3 (two accesses and the look)", n, err)
	}
	if looks, err := db.Looks(ctx, time.Time{}); err != nil || len(looks) != 0 {
		t.Fatalf("looks after pruning: %+v %v", looks, err)
	}
	if _, err := db.Subscribe(ctx, bob.ID, "https://shared.example/", 2.5, t0); err != nil {
		t.Fatal(err)
	}
	readers, err := db.Readers(ctx)
	if err != nil || len(readers) != 2 || readers[1] != (vigil.Reader{UserID: bob.ID, FeedID: shared, Weight: 2.5}) {
		t.Fatalf("readers %+v %v", readers, err)
	}
}
