package storetest

import "testing"

func testSetFeedTitle(t *testing.T, h Harness) {
	db := h.open(t)
	u := mustUser(t, db, "ann")
	feedID := mustSubscribe(t, db, u.ID, "https://example.org/feed")
	tests := []struct {
		title string
		set   bool
		want  string
	}{
		{"From OPML", true, "From OPML"},
		{"Another", false, "From OPML"}, // a title is kept once there is one
	}
	for _, tc := range tests {
		set, err := db.SetFeedTitle(ctx, feedID, tc.title)
		if err != nil || set != tc.set {
			t.Fatalf("SetFeedTitle(%q) = %v, %v; want %v", tc.title, set, err, tc.set)
		}
		f, err := db.Feed(ctx, feedID)
		if err != nil || f.Title != tc.want {
			t.Fatalf("title %q (%v), want %q", f.Title, err, tc.want)
		}
	}
	if set, err := db.SetFeedTitle(ctx, 999, "x"); set || err != nil {
		t.Fatalf("SetFeedTitle of no feed: %v %v", set, err)
	}
}
