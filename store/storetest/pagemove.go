package storetest

import (
	"reflect"
	"strings"
	"testing"

	"vigil"
)

// testMoveFeedOfAPage moves a page onto another page's URL: the notice
// names a page, and each follower keeps their threshold and group on the
// page they join unless they had their own there, and their conditions
// with them.
func testMoveFeedOfAPage(t *testing.T, h Harness) {
	db := h.open(t)
	ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
	from, err := db.FollowPage(ctx, ann.ID, "https://old.example/p", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.FollowPage(ctx, bob.ID, "https://old.example/p", 1, t0); err != nil {
		t.Fatal(err)
	}
	to, err := db.FollowPage(ctx, bob.ID, "https://new.example/p", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	settings := []vigil.PageFollow{
		{UserID: ann.ID, FeedID: from.Feed.ID, Threshold: "important", Frequency: "weekly"},
		{UserID: bob.ID, FeedID: from.Feed.ID, Threshold: "negligible", Frequency: "monthly"},
		{UserID: bob.ID, FeedID: to.Feed.ID, Threshold: "significant", Frequency: "daily"},
	}
	for _, pf := range settings {
		if err := db.SetPageFollow(ctx, pf); err != nil {
			t.Fatal(err)
		}
	}
	above := []vigil.Condition{{Kind: "above", Value: 50}}
	if err := db.SetPageConditions(ctx, ann.ID, from.Feed.ID, above); err != nil {
		t.Fatal(err)
	}
	if _, err := db.MoveFeed(ctx, from.Feed.ID, "https://new.example/p", t0); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		user                 int64
		threshold, frequency string
	}{
		{ann.ID, "important", "weekly"},  // carried over
		{bob.ID, "significant", "daily"}, // bob's own on the target stays
	}
	for _, tt := range tests {
		pf, err := db.PageFollow(ctx, tt.user, to.Feed.ID)
		if err != nil || pf.Threshold != tt.threshold || pf.Frequency != tt.frequency {
			t.Errorf("user %d's settings on the target = %+v, %v; want %s, %s", tt.user, pf, err, tt.threshold, tt.frequency)
		}
	}
	if conds, err := db.PageConditions(ctx, to.Feed.ID); err != nil || !reflect.DeepEqual(conds[ann.ID], above) || len(conds[bob.ID]) != 0 {
		t.Errorf("conditions on the target = %+v, %v; want ann's carried over, bob none", conds, err)
	}
	notices, err := db.Notices(ctx, ann.ID)
	if err != nil || len(notices) != 1 || !strings.HasPrefix(notices[0].Text, "The page https://old.example/p has moved permanently to") {
		t.Errorf("ann's notices = %+v, %v; want one saying the page moved", notices, err)
	}
}
