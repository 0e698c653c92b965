package storetest

import (
	"cmp"
	"fmt"
	"slices"
	"testing"

	"vigil"
	"vigil/store"
)

// testStreamPagesThroughTies pages through stream listings whose items
// share their sort time by the dozen (the undated items of a fetch), by
// continuation, newest and oldest first, and checks that the pages give
// the whole listing, each item once, in the total order of (sort time,
// ID).
func testStreamPagesThroughTies(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	b := mustSubscribe(t, db, ann.ID, "https://b.example/feed")
	other := mustSubscribe(t, db, bob.ID, "https://other.example/feed")
	undated := func(prefix string) []vigil.Item {
		items := make([]vigil.Item, 25)
		for i := range items {
			items[i] = vigil.Item{Key: fmt.Sprint(prefix, i), Title: "u"}
		}
		return items
	}
	aItems := mustIngest(t, db, a, t0, append(makeItems("a", 20), undated("ua")...)).New
	mustIngest(t, db, b, t0, append(makeItems("b", 10), undated("ub")...))
	mustIngest(t, db, other, t0, undated("uo"))
	if err := db.MarkRead(ctx, ann.ID, []int64{aItems[0].ID, aItems[21].ID, aItems[30].ID}, true); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		q    vigil.StreamQuery
	}{
		{"reading list", vigil.StreamQuery{UserID: ann.ID, Limit: 7}},
		{"oldest first", vigil.StreamQuery{UserID: ann.ID, Limit: 6, OldestFirst: true}},
		{"one feed", vigil.StreamQuery{UserID: ann.ID, Limit: 4, FeedID: a}},
		{"unread", vigil.StreamQuery{UserID: ann.ID, Limit: 9, ExcludeRead: true}},
		{"unread, oldest first", vigil.StreamQuery{UserID: ann.ID, Limit: 5, ExcludeRead: true, OldestFirst: true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			q := tt.q
			whole := q
			whole.Limit = 500
			want := streamEntries(t, db, whole)
			if got := pageStream(t, db, q); !slices.Equal(streamIDsOf(got), streamIDsOf(want)) {
				t.Errorf("pages by continuation:\n%v\nwant the whole listing:\n%v", streamIDsOf(got), streamIDsOf(want))
			}
			if !slices.IsSortedFunc(want, streamOrder(q)) || len(want) < 25 {
				t.Errorf("the whole listing of %d items is not in the order of (sort time, ID): %v", len(want), want)
			}
		})
	}
}

// streamOrder compares entries in q's order.
func streamOrder(q vigil.StreamQuery) func(x, y vigil.StreamEntry) int {
	return func(x, y vigil.StreamEntry) int {
		c := x.At.Compare(y.At)
		if c == 0 {
			c = cmp.Compare(x.ID, y.ID)
		}
		if !q.OldestFirst {
			c = -c
		}
		return c
	}
}

// streamEntries returns the entries q lists.
func streamEntries(t *testing.T, db store.Store, q vigil.StreamQuery) []vigil.StreamEntry {
	t.Helper()
	entries, err := db.StreamEntries(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

// pageStream lists all of q's entries page by page, each page continuing
// after the last entry of the one before.
func pageStream(t *testing.T, db store.Store, q vigil.StreamQuery) []vigil.StreamEntry {
	t.Helper()
	var all []vigil.StreamEntry
	for range 1000 {
		page := streamEntries(t, db, q)
		all = append(all, page...)
		if len(page) < q.Limit {
			return all
		}
		last := page[len(page)-1]
		q.After = &vigil.StreamCursor{At: last.At, ID: last.ID}
	}
	t.Fatal("paging did not end")
	return nil
}

// streamIDsOf returns the IDs of entries, in order.
func streamIDsOf(entries []vigil.StreamEntry) []int64 {
	ids := make([]int64, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	return ids
}
