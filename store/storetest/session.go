package storetest

import (
	"testing"
	"time"

	"vigil"
)

func testSessions(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	expires := t0.Add(time.Hour)
	if err := db.CreateSession(ctx, "s1", ann.ID, expires); err != nil {
		t.Fatal(err)
	}
	creates := []struct {
		name, hash string
		userID     int64
		expires    time.Time
		code       string
	}{
		{"duplicate", "s1", ann.ID, expires, vigil.ECONFLICT},
		{"unknown user", "s2", ann.ID + 100, expires, vigil.ENOTFOUND},
		{"empty hash", "", ann.ID, expires, vigil.EINVALID},
		{"zero expiry", "s3", ann.ID, time.Time{}, vigil.EINVALID},
	}
	for _, tt := range creates {
		t.Run(tt.name, func(t *testing.T) {
			wantCode(t, db.CreateSession(ctx, tt.hash, tt.userID, tt.expires), tt.code)
		})
	}
	lookups := []struct {
		name, hash string
		now        time.Time
		found      bool
	}{
		{"valid", "s1", t0, true},
		{"just before expiry", "s1", expires.Add(-time.Nanosecond), true},
		{"at expiry", "s1", expires, false},
		{"unknown", "nope", t0, false},
	}
	for _, tt := range lookups {
		t.Run(tt.name, func(t *testing.T) {
			u, err := db.SessionUser(ctx, tt.hash, tt.now)
			if !tt.found {
				wantCode(t, err, vigil.ENOTFOUND)
				return
			}
			if err != nil || u.ID != ann.ID {
				t.Fatalf("SessionUser = %+v, %v; want ann", u, err)
			}
		})
	}
	for range 2 {
		if err := db.DeleteSession(ctx, "s1"); err != nil {
			t.Fatalf("DeleteSession: %v", err)
		}
	}
	_, err := db.SessionUser(ctx, "s1", t0)
	wantCode(t, err, vigil.ENOTFOUND)
}
