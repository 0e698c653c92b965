package storetest

import (
	"testing"
	"time"
)

func testPing(t *testing.T, h Harness) {
	db := h.open(t)
	if err := db.Ping(ctx); err != nil {
		t.Fatalf("Ping of an open store: %v", err)
	}
	db.Close()
	if err := db.Ping(ctx); err == nil {
		t.Error("Ping of a closed store succeeded")
	}
}

func testCountDueAndItemsAfter(t *testing.T, h Harness) {
	db := h.open(t)
	u := mustUser(t, db, "ann")
	a := mustSubscribe(t, db, u.ID, "https://a.example/feed")
	mustSubscribe(t, db, u.ID, "https://b.example/feed")
	tests := []struct {
		at   time.Time
		want int
	}{{t0.Add(-time.Hour), 0}, {t0, 2}}
	for _, tt := range tests {
		if n, err := db.CountDue(ctx, tt.at); err != nil || n != tt.want {
			t.Errorf("CountDue(%v) = %d, %v; want %d", tt.at, n, err, tt.want)
		}
	}
	in := mustIngest(t, db, a, t0, makeItems("x", 3))
	due, err := db.DueFeeds(ctx, t0.Add(time.Hour), 0)
	if n, err2 := db.CountDue(ctx, t0.Add(time.Hour)); err != nil || err2 != nil || n != len(due) {
		t.Errorf("CountDue = %d, %v; DueFeeds lists %d, %v", n, err2, len(due), err)
	}
	for _, tt := range []struct {
		after int64
		want  int
	}{{0, 3}, {in.New[2].ID, 2}, {in.New[0].ID, 0}} { // the fetch's first item takes its highest ID
		if n, err := db.CountItemsAfter(ctx, tt.after); err != nil || n != tt.want {
			t.Errorf("CountItemsAfter(%d) = %d, %v; want %d", tt.after, n, err, tt.want)
		}
	}
}
