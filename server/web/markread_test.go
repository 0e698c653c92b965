package web

import (
	"testing"
	"time"

	"vigil"
)

// TestMarkAllReadBatches checks the loop over batches, with items to skip
// spread over several of them.
func TestMarkAllReadBatches(t *testing.T) {
	st := openStore(t)
	s := newTestHandlers(st, 0)
	alice := newUser(t, st, "alice")
	id := follow(t, st, alice, "https://example.com/feed")
	const n = 3*markReadBatch + 7 // more late items than fit in one batch
	old, late := make([]vigil.Item, 0, n), make([]vigil.Item, 0, n)
	for i, it := range testItems("x", n) {
		if i%2 == 1 {
			late = append(late, it)
		} else {
			old = append(old, it)
		}
	}
	ingest(t, st, id, testNow.Add(-time.Hour+time.Minute), old...)
	ingest(t, st, id, testNow.Add(-time.Hour+2*time.Minute), late...)
	until := testNow.Add(-59 * time.Minute) // after the first fetch, before the second
	q := vigil.ItemQuery{UserID: alice.ID, FeedID: id}
	marked, err := s.markAllRead(t.Context(), q, until)
	if err != nil || marked != len(old) {
		t.Fatalf("markAllRead = %d, %v; want %d", marked, err, len(old))
	}
	left, err := st.Items(t.Context(), vigil.ItemQuery{UserID: alice.ID, UnreadOnly: true, Limit: 2 * n})
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != len(late) {
		t.Errorf("%d items left unread, want the %d late ones: %v", len(left), len(late), left)
	}
}
