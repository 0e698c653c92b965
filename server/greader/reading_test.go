package greader_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"
)

// TestSyncsAreLearnedAsLooks checks what a client's listings (by
// stream/contents, stream/items/ids or the Atom form newsboat reads) teach
// the planner: a stream of one feed is a look at that feed alone, the reading
// list (and a label, and the starred items) an access to all the user's
// feeds; one listing of each a minute is recorded, and a listing that
// fails records nothing.
func TestSyncsAreLearnedAsLooks(t *testing.T) {
	e := newEnv(t)
	alice := e.user("alice")
	feed := e.follow(alice, "https://a.example/feed")
	e.ingest(feed, "a", 3)
	auth := e.login("alice", alice.password)
	for _, path := range []string{
		"/reader/api/0/stream/contents/feed/" + url.PathEscape("https://a.example/feed"),
		"/reader/api/0/stream/items/ids?s=" + url.QueryEscape("feed/https://a.example/feed"),
		"/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list",
		"/reader/api/0/stream/contents/user/-/state/com.google/starred",
		"/reader/atom/user/-/state/com.google/reading-list",
		"/reader/atom/feed/https://a.example/feed",
	} {
		if code, body := e.get(auth, path); code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, code, body)
		}
	}
	if code, _ := e.get(auth, "/reader/api/0/stream/contents/feed/"+url.PathEscape("https://not-followed.example/")); code == http.StatusOK {
		t.Fatal("a stream of a feed not followed was listed")
	}
	ctx := context.Background()
	looks, err := e.st.Looks(ctx, time.Time{})
	if err != nil || len(looks) != 1 || looks[0].UserID != alice.ID || looks[0].FeedID != feed || !looks[0].At.Equal(testNow) {
		t.Fatalf("looks %+v %v, want one of alice at feed %d at %v", looks, err, feed, testNow)
	}
	accesses, err := e.st.Accesses(ctx, time.Time{})
	if err != nil || len(accesses) != 1 || len(accesses[alice.ID]) != 1 {
		t.Fatalf("accesses %v %v, want one of alice", accesses, err)
	}
}
