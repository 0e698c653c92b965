package sqlite

import (
	"path/filepath"
	"testing"
	"time"

	"vigil"
)

func TestSetFeedTitle(t *testing.T) {
	ctx := t.Context()
	db, err := Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u := &vigil.User{Name: "ann", PasswordHash: "x", TokenHash: "y"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub, err := db.Subscribe(ctx, u.ID, "https://example.org/feed", 1, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		title string
		set   bool
		want  string
	}{
		{"From OPML", true, "From OPML"},
		{"Another", false, "From OPML"}, // a title is kept once there is one
	}
	for _, tc := range tests {
		set, err := db.SetFeedTitle(ctx, sub.Feed.ID, tc.title)
		if err != nil || set != tc.set {
			t.Fatalf("SetFeedTitle(%q) = %v, %v; want %v", tc.title, set, err, tc.set)
		}
		f, err := db.Feed(ctx, sub.Feed.ID)
		if err != nil || f.Title != tc.want {
			t.Fatalf("title %q (%v), want %q", f.Title, err, tc.want)
		}
	}
	if set, err := db.SetFeedTitle(ctx, 999, "x"); set || err != nil {
		t.Fatalf("SetFeedTitle of no feed: %v %v", set, err)
	}
}
