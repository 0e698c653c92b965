package fever_test

import (
	"context"
	"testing"
	"time"
)

// TestSyncsAreLearnedAsAccesses checks that a Fever client reading items
// or their IDs is recorded as an access to all the user's feeds (once a
// minute), and that asking for the feeds alone is not.
func TestSyncsAreLearnedAsAccesses(t *testing.T) {
	e := newEnv(t)
	u, key := e.user("ann")
	ctx := context.Background()
	e.ok(key, "feeds")
	if got, err := e.st.Accesses(ctx, time.Time{}); err != nil || len(got) != 0 {
		t.Fatalf("after listing feeds: accesses %v %v, want none", got, err)
	}
	e.ok(key, "unread_item_ids")
	e.ok(key, "items")
	got, err := e.st.Accesses(ctx, time.Time{})
	if err != nil || len(got[u.ID]) != 1 || !got[u.ID][0].Equal(testNow) {
		t.Fatalf("after reading: accesses %v %v, want one at %v", got, err, testNow)
	}
}
