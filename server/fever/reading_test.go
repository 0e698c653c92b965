package fever_test

import (
	"context"
	"testing"
	"time"
)

// TestSyncsAreLearnedAsAccesses checks that a Fever client reading items
// or their IDs is recorded as an access to all the user's feeds, and that
// asking for the feeds alone is not. Each case is a user of its own, so
// that the once-a-minute limit hides no case behind another.
func TestSyncsAreLearnedAsAccesses(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		user, query string
		accesses    int
	}{
		{"ann", "feeds", 0},
		{"bob", "unread_item_ids", 1},
		{"cid", "items", 1},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			u, key := e.user(tc.user)
			e.ok(key, tc.query)
			got, err := e.st.Accesses(context.Background(), time.Time{})
			if err != nil || len(got[u.ID]) != tc.accesses {
				t.Fatalf("accesses %v %v, want %d of %s", got, err, tc.accesses, tc.user)
			}
		})
	}
}
