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
// JSON API or on the web UI's page of that feed, is recorded as a look at
// that feed alone (once a minute), not as an access to all the user's
// feeds, and that asking for a feed the user does not follow is refused
// and records nothing.
func TestListingOneFeedIsALook(t *testing.T) {
	e := newEnv(t, Config{})
	ann, bob := e.user("ann"), e.user("bob")
	mine := e.follow(ann, "https://mine.example/feed")
	theirs := e.follow(bob, "https://theirs.example/feed")
	if code, body := e.call(http.MethodGet, fmt.Sprintf("/api/items?feed=%d", mine), ann.token, nil); code != http.StatusOK {
		t.Fatalf("listing ann's feed: %d %s", code, body)
	}
	if code, _ := e.call(http.MethodGet, fmt.Sprintf("/api/items?feed=%d", theirs), ann.token, nil); code != http.StatusNotFound {
		t.Fatalf("listing a feed ann does not follow: %d, want 404", code)
	}
	b := e.browser()
	b.login(ann)
	if code, _, body := b.get(fmt.Sprintf("/items?feed=%d", mine)); code != http.StatusOK {
		t.Fatalf("the web page of ann's feed: %d %s", code, body)
	}
	ctx := context.Background()
	looks, err := e.st.Looks(ctx, time.Time{})
	if err != nil || len(looks) != 1 || looks[0].UserID != ann.ID || looks[0].FeedID != mine {
		t.Fatalf("looks %+v %v, want one of ann at feed %d", looks, err, mine)
	}
	if got, err := e.st.Accesses(ctx, time.Time{}); err != nil || len(got) != 0 {
		t.Fatalf("accesses %v %v, want none", got, err)
	}
}
