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
		if err := db.RecordAccess(ctx, u, t0.Add(time.Duration(i)*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	wantCode(t, db.RecordAccess(ctx, ann.ID, time.Time{}), vigil.EINVALID)
	got, err := db.Accesses(ctx, t0.Add(30*time.Minute))
	if err != nil || len(got[ann.ID]) != 1 || len(got[bob.ID]) != 1 || !got[bob.ID][0].Equal(t0.Add(2*time.Hour)) {
		t.Fatalf("accesses since 09:30: %v %v", got, err)
	}
	if n, err := db.PruneAccesses(ctx, t0.Add(90*time.Minute)); err != nil || n != 2 {
		t.Fatalf("pruned %d, %v; want 2", n, err)
	}
	shared := mustSubscribe(t, db, ann.ID, "https://shared.example/")
	if _, err := db.Subscribe(ctx, bob.ID, "https://shared.example/", 2.5, t0); err != nil {
		t.Fatal(err)
	}
	readers, err := db.Readers(ctx)
	if err != nil || len(readers) != 2 || readers[1] != (vigil.Reader{UserID: bob.ID, FeedID: shared, Weight: 2.5}) {
		t.Fatalf("readers %+v %v", readers, err)
	}
}
