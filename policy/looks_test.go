package policy

import (
	"maps"
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
			wantReaders:  []vigil.Reader{{UserID: 8, FeedID: 10, Weight: 1}, {UserID: 9, FeedID: 11, Weight: 2}, {UserID: 10, FeedID: 10, Weight: 0.5}},
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
