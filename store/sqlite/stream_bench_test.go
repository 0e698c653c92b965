package sqlite_test

import (
	"fmt"
	"testing"

	"vigil"
)

// BenchmarkStreamEntries measures one page of a user's stream over 20
// feeds of 100 items each: the first page, and the next one after its
// last entry.
func BenchmarkStreamEntries(b *testing.B) {
	db := openTest(b)
	ann := mustUser(b, db, "ann")
	for f := range 20 {
		id := mustSubscribe(b, db, ann.ID, fmt.Sprintf("https://example.com/feed%d", f))
		mustIngest(b, db, id, t0, makeItems(fmt.Sprintf("f%d-", f), 100))
	}
	first, err := db.StreamEntries(ctx, vigil.StreamQuery{UserID: ann.ID, Limit: 50})
	if err != nil || len(first) != 50 {
		b.Fatalf("StreamEntries = %d entries, %v", len(first), err)
	}
	last := vigil.StreamCursor{At: first[len(first)-1].At, ID: first[len(first)-1].ID}
	for _, tt := range []struct {
		name string
		q    vigil.StreamQuery
	}{
		{"first page", vigil.StreamQuery{UserID: ann.ID, Limit: 50}},
		{"next page unread", vigil.StreamQuery{UserID: ann.ID, Limit: 50, ExcludeRead: true, After: &last}},
	} {
		b.Run(tt.name, func(b *testing.B) {
			for b.Loop() {
				got, err := db.StreamEntries(ctx, tt.q)
				if err != nil || len(got) != 50 {
					b.Fatalf("StreamEntries = %d entries, %v", len(got), err)
				}
			}
		})
	}
}
