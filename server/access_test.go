package server

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"
)

func TestReadingRecordsAccessesOncePerMinute(t *testing.T) {
	var mu sync.Mutex
	now := testNow
	e := newEnv(t, Config{Now: func() time.Time { mu.Lock(); defer mu.Unlock(); return now }})
	ann := e.user("ann")
	list := func() {
		if code, body := e.call(http.MethodGet, "/api/items", ann.token, nil); code != http.StatusOK {
			t.Fatalf("listing items: %d %s", code, body)
		}
	}
	for range 3 {
		list()
	}
	mu.Lock()
	now = now.Add(2 * time.Minute)
	mu.Unlock()
	list()
	got, err := e.st.Accesses(context.Background(), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(got[ann.ID]); n != 2 {
		t.Fatalf("%d accesses recorded for 4 listings over 2 minutes, want 2", n)
	}
}

// TestListingOneFeedIsALook checks that listing one feed's items, by the
// JSON API or on the web UI's pages of that feed, is recorded as a look at
// that feed alone, not as an access to all the user's feeds, and that
// asking for a feed the user does not follow is refused and records
// nothing. Each case is a user of its own, so that the once-a-minute
// limit hides no case behind another.
func TestListingOneFeedIsALook(t *testing.T) {
	e := newEnv(t, Config{})
	owner := e.user("owner")
	theirs := e.follow(owner, "https://theirs.example/feed")
	tests := []struct {
		name string
		get  func(u tester, feed int64) int
	}{
		{"the JSON API", func(u tester, feed int64) int {
			code, _ := e.call(http.MethodGet, fmt.Sprintf("/api/items?feed=%d", feed), u.token, nil)
			return code
		}},
		{"the web items page", func(u tester, feed int64) int {
			b := e.browser()
			b.login(u)
			code, _, _ := b.get(fmt.Sprintf("/items?feed=%d", feed))
			return code
		}},
		{"the web feed page", func(u tester, feed int64) int {
			b := e.browser()
			b.login(u)
			code, _, _ := b.get(fmt.Sprintf("/feeds/%d", feed))
			return code
		}},
	}
	ctx := context.Background()
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := e.user(fmt.Sprintf("u%d", i))
			mine := e.follow(u, "https://mine.example/feed")
			if code := tc.get(u, theirs); code == http.StatusOK {
				t.Fatal("a feed not followed was listed")
			}
			if code := tc.get(u, mine); code != http.StatusOK {
				t.Fatalf("listing the feed: %d", code)
			}
			looks, err := e.st.Looks(ctx, time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, l := range looks {
				if l.UserID == u.ID {
					n++
					if l.FeedID != mine {
						t.Errorf("a look at feed %d, want %d", l.FeedID, mine)
					}
				}
			}
			if n != 1 {
				t.Errorf("%d looks, want 1", n)
			}
			if got, err := e.st.Accesses(ctx, time.Time{}); err != nil || len(got[u.ID]) != 0 {
				t.Errorf("accesses %v %v, want none", got[u.ID], err)
			}
		})
	}
}
