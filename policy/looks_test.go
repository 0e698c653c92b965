package policy

import (
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"vigil"
)

// TestWithLooks checks how looks at one feed become readers of their own:
// numbered after every user ID, one per (user, feed) in that order, with
// the user's weight on the feed and their times sorted; a look at a feed
// the user does not follow is left out, and the inputs are not changed.
func TestWithLooks(t *testing.T) {
	t0 := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	at := func(h int) time.Time { return t0.Add(time.Duration(h) * time.Hour) }
	readers := []vigil.Reader{{UserID: 1, FeedID: 10, Weight: 1}, {UserID: 1, FeedID: 11, Weight: 2}, {UserID: 2, FeedID: 10, Weight: 0.5}}
	accesses := map[int64][]time.Time{1: {at(1)}, 7: {at(2)}} // user 7 follows nothing but has looked
	tests := []struct {
		name         string
		looks        []vigil.Look
		wantReaders  []vigil.Reader // beyond the readers given
		wantAccesses map[int64][]time.Time
	}{
		{name: "no looks"},
		{
			name: "looks at followed feeds",
			looks: []vigil.Look{
				{UserID: 2, FeedID: 10, At: at(5)}, {UserID: 1, FeedID: 11, At: at(9)},
				{UserID: 1, FeedID: 11, At: at(3)}, {UserID: 1, FeedID: 10, At: at(4)},
			},
			wantReaders:  []vigil.Reader{{UserID: 8, FeedID: 10, Weight: 1, LooksOf: 1}, {UserID: 9, FeedID: 11, Weight: 2, LooksOf: 1}, {UserID: 10, FeedID: 10, Weight: 0.5, LooksOf: 2}},
			wantAccesses: map[int64][]time.Time{8: {at(4)}, 9: {at(3), at(9)}, 10: {at(5)}},
		},
		{
			name:  "a look at a feed not followed",
			looks: []vigil.Look{{UserID: 2, FeedID: 11, At: at(5)}, {UserID: 3, FeedID: 10, At: at(6)}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before, beforeAcc := slices.Clone(readers), maps.Clone(accesses)
			gotReaders, gotAccesses := WithLooks(readers, accesses, tc.looks)
			if !reflect.DeepEqual(readers, before) || !reflect.DeepEqual(accesses, beforeAcc) {
				t.Fatal("the inputs changed")
			}
			wantReaders := append(slices.Clone(readers), tc.wantReaders...)
			wantAccesses := maps.Clone(accesses)
			maps.Copy(wantAccesses, tc.wantAccesses)
			if !reflect.DeepEqual(gotReaders, wantReaders) {
				t.Errorf("readers %+v, want %+v", gotReaders, wantReaders)
			}
			if !reflect.DeepEqual(gotAccesses, wantAccesses) {
				t.Errorf("accesses %v, want %v", gotAccesses, wantAccesses)
			}
		})
	}
}

// TestLooksLeaveTheUsersRates checks that a few looks at one feed add to
// what the users' accesses teach instead of diluting it: ten users who
// look at all their 20 feeds five times a day, and once in the fortnight
// at each feed alone. Under the prior, a look stream is shrunk toward the
// look streams' mean, not the users': pooled with the users, the sparse
// streams would pull every user's rate toward almost nothing, and every
// feed's rate with it.
func TestLooksLeaveTheUsersRates(t *testing.T) {
	now := time.Date(2026, 3, 16, 0, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewPCG(1, 2))
	var readers []vigil.Reader
	accesses := map[int64][]time.Time{}
	var looks []vigil.Look
	for u := int64(1); u <= 10; u++ {
		for f := int64(100); f < 120; f++ {
			readers = append(readers, vigil.Reader{UserID: u, FeedID: f, Weight: 1})
			looks = append(looks, vigil.Look{UserID: u, FeedID: f, At: now.Add(-time.Duration(1+rng.IntN(300)) * time.Hour)})
		}
		for range 14 * 5 {
			accesses[u] = append(accesses[u], now.Add(-time.Duration(1+rng.IntN(335*60))*time.Minute))
		}
		slices.SortFunc(accesses[u], time.Time.Compare)
	}
	perDay := func(hourly []float64) float64 {
		total := 0.0
		for _, v := range hourly {
			total += v
		}
		return total
	}
	before := FeedAccess(readers, accesses, now)
	rs, acc := WithLooks(readers, accesses, looks)
	after := FeedAccess(rs, acc, now)
	for f := int64(100); f < 120; f++ {
		b, a := perDay(before[f]), perDay(after[f])
		// The users look 5 times a day, 50 in all; a feed's looks add a
		// stream each of about 1/14 a day, shrunk toward their own mean.
		if b < 45 || a < b || a > 1.1*b {
			t.Fatalf("feed %d: %.1f accesses a day from the users alone, %.1f with their looks at it: looks should add a little", f, b, a)
		}
	}
}

// TestReadersAlikeCountsAUserOnce checks that with every reader counting
// alike (AccessModel.PerReader), a user's looks at a feed count with that
// user, not as one more reader: ten users look at everything at noon, and
// one of them once at 03:00 at one feed alone. The feed's 03:00 rate stays
// a small share of that one user's, where counted as a reader of its own
// the single look would weigh as much as a user looking every day.
func TestReadersAlikeCountsAUserOnce(t *testing.T) {
	now := time.Date(2026, 3, 16, 0, 0, 0, 0, time.UTC)
	var readers []vigil.Reader
	accesses := map[int64][]time.Time{}
	for u := int64(1); u <= 10; u++ {
		readers = append(readers, vigil.Reader{UserID: u, FeedID: 7, Weight: 1})
		for d := 1; d <= 14; d++ {
			accesses[u] = append(accesses[u], now.Add(-time.Duration(d)*24*time.Hour+12*time.Hour))
		}
		slices.SortFunc(accesses[u], time.Time.Compare)
	}
	looks := []vigil.Look{{UserID: 3, FeedID: 7, At: now.Add(-5*24*time.Hour + 3*time.Hour)}}
	m := AccessModel{Raw: true, PerReader: true}
	rs, acc := WithLooks(readers, accesses, looks)
	hourly := m.FeedAccess(rs, acc, now)[7]
	total := 0.0
	for _, v := range hourly {
		total += v
	}
	// One user in ten, and 1 of their 15 looks: 03:00 holds about 0.7% of
	// the feed's day.
	if share := hourly[3] / total; !(share > 0) || share > 0.01 {
		t.Fatalf("03:00 holds %.3f of the feed's day: the one look should count as 1/15 of one user's", share)
	}
}
