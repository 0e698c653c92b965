package storetest

import (
	"testing"
	"time"

	"vigil"
)

func testObservationsAndFetchCount(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	b := mustSubscribe(t, db, ann.ID, "https://b.example/feed")
	for i := range 5 {
		mustIngest(t, db, a, t0.Add(time.Duration(i)*time.Hour), nil)
		mustIngest(t, db, b, t0.Add(time.Duration(i)*time.Hour+time.Minute), nil)
	}
	obs, err := db.Observations(ctx, a, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(obs) != 2 || !obs[0].At.Equal(t0.Add(4*time.Hour)) || !obs[1].At.Equal(t0.Add(3*time.Hour)) {
		t.Errorf("latest 2 observations = %+v", obs)
	}
	_, err = db.Observations(ctx, 999, 2)
	wantCode(t, err, vigil.ENOTFOUND)
	tests := []struct {
		since time.Time
		want  int
	}{
		{time.Time{}, 10},
		{t0, 10},
		{t0.Add(time.Nanosecond), 9},
		{t0.Add(4 * time.Hour), 2},
		{t0.Add(4*time.Hour + time.Minute), 1},
		{t0.Add(5 * time.Hour), 0},
	}
	for _, tt := range tests {
		n, err := db.CountFetchesSince(ctx, tt.since)
		if err != nil || n != tt.want {
			t.Errorf("CountFetchesSince(%v) = %d, %v; want %d", tt.since, n, err, tt.want)
		}
	}
}
