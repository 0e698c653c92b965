package storetest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

func testItemsBeforeCursor(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	bob := mustUser(t, db, "bob")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	b := mustSubscribe(t, db, ann.ID, "https://b.example/feed")
	other := mustSubscribe(t, db, bob.ID, "https://other.example/feed")
	// Ties: the undated items of a fetch share their listing time.
	undated := make([]vigil.Item, 30)
	for i := range undated {
		undated[i] = vigil.Item{Key: fmt.Sprint("u", i), Title: "u"}
	}
	aItems := mustIngest(t, db, a, t0, append(makeItems("a", 120), undated...)).New
	mustIngest(t, db, b, t0, makeItems("b", 45))
	mustIngest(t, db, other, t0, makeItems("o", 40))
	if err := db.MarkRead(ctx, ann.ID, []int64{aItems[0].ID, aItems[5].ID, aItems[130].ID}, true); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		q    vigil.ItemQuery
	}{
		{"all feeds", vigil.ItemQuery{UserID: ann.ID, Limit: 7}},
		{"one feed", vigil.ItemQuery{UserID: ann.ID, FeedID: a, Limit: 11}},
		{"unread", vigil.ItemQuery{UserID: ann.ID, UnreadOnly: true, Limit: 13}},
		{"every stored item", vigil.ItemQuery{Limit: 50}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			whole := tt.q
			whole.Limit = 500
			want, err := db.Items(ctx, whole)
			if err != nil {
				t.Fatal(err)
			}
			got := pageByCursor(t, db, tt.q)
			if !reflect.DeepEqual(itemKeys(got), itemKeys(want)) {
				t.Errorf("pages by cursor:\n%v\nwant the whole listing:\n%v", itemKeys(got), itemKeys(want))
			}
			back := tt.q
			back.After = want[len(want)-1].Cursor()
			page, err := db.Items(ctx, back)
			if err != nil {
				t.Fatal(err)
			}
			wantBack := want[max(0, len(want)-1-tt.q.Limit) : len(want)-1]
			if !reflect.DeepEqual(itemKeys(page), itemKeys(wantBack)) {
				t.Errorf("the page before the oldest item: %v, want %v", itemKeys(page), itemKeys(wantBack))
			}
		})
	}
}

func testItemsBeforeCursorIgnoresNewArrivals(t *testing.T, h Harness) {
	db := h.open(t)
	ann := mustUser(t, db, "ann")
	a := mustSubscribe(t, db, ann.ID, "https://a.example/feed")
	mustIngest(t, db, a, t0, makeItems("a", 10))
	first, err := db.Items(ctx, vigil.ItemQuery{UserID: ann.ID, Limit: 4})
	if err != nil {
		t.Fatal(err)
	}
	mustIngest(t, db, a, t0.Add(time.Hour), []vigil.Item{{Key: "new1", Title: "n"}, {Key: "new2", Title: "n"}})
	next, err := db.Items(ctx, vigil.ItemQuery{UserID: ann.ID, Limit: 4, Before: first[3].Cursor()})
	if err != nil {
		t.Fatal(err)
	}
	if keys := itemKeys(next); !reflect.DeepEqual(keys, []string{"a4", "a5", "a6", "a7"}) {
		t.Errorf("the page after a4's predecessor is %v, want a4-a7", keys)
	}
}

// pageByCursor lists all of q's items page by page, each page continuing
// after the last item of the one before.
func pageByCursor(t *testing.T, db store.Store, q vigil.ItemQuery) []vigil.Item {
	t.Helper()
	var all []vigil.Item
	for range 1000 {
		page, err := db.Items(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page...)
		if len(page) < q.Limit {
			return all
		}
		q.Before = page[len(page)-1].Cursor()
	}
	t.Fatal("paging did not end")
	return nil
}
