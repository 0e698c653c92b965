package greader_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"
)

// TestSyncsAreLearnedAsLooks checks what each of a client's listings (by
// stream/contents, stream/items/ids or the Atom form newsboat reads)
// teaches the planner: a stream of one feed is a look at that feed alone,
// a label's stream a look at each of its feeds, the reading list and the
// starred items an access to all the user's feeds; a listing that fails
// records nothing. Each case is a user of its own, so that the
// once-a-minute limit hides no case behind another.
func TestSyncsAreLearnedAsLooks(t *testing.T) {
	e := newEnv(t)
	feedA := "feed/" + "https://a.example/feed"
	tests := []struct {
		path     string
		ok       bool
		accesses int
		looks    []string // the feeds looked at: a, b or c
	}{
		{"/reader/api/0/stream/contents/" + feedA, true, 0, []string{"a"}},
		{"/reader/api/0/stream/items/ids?s=" + url.QueryEscape(feedA), true, 0, []string{"a"}},
		{"/reader/atom/" + feedA, true, 0, []string{"a"}},
		{"/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list", true, 1, nil},
		{"/reader/api/0/stream/contents/user/-/state/com.google/starred", true, 1, nil},
		{"/reader/atom/user/-/state/com.google/reading-list", true, 1, nil},
		{"/reader/api/0/stream/items/ids?s=user/-/label/News", true, 0, []string{"a", "b"}},
		{"/reader/api/0/stream/contents/feed/https://not-followed.example/", false, 0, nil},
	}
	ctx := context.Background()
	for i, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			u := e.user(fmt.Sprintf("u%d", i))
			feeds := map[int64]string{}
			for _, name := range []string{"a", "b", "c"} {
				id := e.follow(u, "https://"+name+".example/feed")
				feeds[id] = name
				if name != "c" {
					if err := e.st.SetFolder(ctx, u.ID, id, "News"); err != nil {
						t.Fatal(err)
					}
				}
			}
			if code, body := e.get(e.login(u.Name, u.password), tc.path); (code == http.StatusOK) != tc.ok {
				t.Fatalf("GET: %d %s", code, body)
			}
			accesses, err := e.st.Accesses(ctx, time.Time{})
			if err != nil || len(accesses[u.ID]) != tc.accesses {
				t.Errorf("%d accesses (%v), want %d", len(accesses[u.ID]), err, tc.accesses)
			}
			all, err := e.st.Looks(ctx, time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			var looks []string
			for _, l := range all {
				if l.UserID == u.ID && l.At.Equal(testNow) {
					looks = append(looks, feeds[l.FeedID])
				}
			}
			slices.Sort(looks)
			if !slices.Equal(looks, tc.looks) {
				t.Errorf("looks at %v, want %v", looks, tc.looks)
			}
		})
	}
}
