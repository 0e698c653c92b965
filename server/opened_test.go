package server

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"
)

// interestTitles lists the titles of the items a user opened or starred,
// as the store gives them to the profiler: most recently opened first.
func (e *env) interestTitles(u tester) string {
	e.t.Helper()
	found, err := e.st.InterestItems(e.t.Context(), u.ID, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	return titles(found)
}

// steppingClock returns a clock that starts at testNow and moves a second
// forward each time it is read, so that every request happens later than
// the one before it.
func steppingClock() func() time.Time {
	var mu sync.Mutex
	now := testNow
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(time.Second)
		return now
	}
}

// TestOpeningRecordsInterest checks that opening an item through the API
// or the web records it, most recent first, marks it read, and that
// listing, searching or returning to an item kept unread does not.
func TestOpeningRecordsInterest(t *testing.T) {
	e := newEnv(t, Config{Now: steppingClock()})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored := e.ingest(id, nil, items("o", 3)...)
	b := e.browser()
	b.login(alice)

	e.call("GET", "/api/items", alice.token, nil)
	e.call("GET", "/api/search?q=body", alice.token, nil)
	wantPage(t, b, "/items", http.StatusOK, "o-c")
	wantPage(t, b, "/search?q=body", http.StatusOK, "o-c")
	if got := e.interestTitles(alice); got != "" {
		t.Fatalf("items after listing and searching = %q, want none opened", got)
	}

	steps := []struct {
		open       func()
		interests  string
		unreadLeft string
	}{
		{func() { wantPage(t, b, fmt.Sprintf("/items/%d", stored[2].ID), http.StatusOK, "o-c") }, "o-c", "o-b,o-a"},
		{func() { e.call("GET", fmt.Sprintf("/api/items/%d", stored[0].ID), alice.token, nil) }, "o-a,o-c", "o-b"},
		{func() { wantPage(t, b, fmt.Sprintf("/items/%d", stored[2].ID), http.StatusOK) }, "o-c,o-a", "o-b"},
		{func() { wantPage(t, b, fmt.Sprintf("/items/%d?keep=unread", stored[1].ID), http.StatusOK) }, "o-c,o-a", "o-b"},
	}
	for i, step := range steps {
		step.open()
		if got := e.interestTitles(alice); got != step.interests {
			t.Errorf("step %d: opened items = %q, want %q", i, got, step.interests)
		}
		if got := e.unreadTitles(alice); got != step.unreadLeft {
			t.Errorf("step %d: unread items = %q, want %q", i, got, step.unreadLeft)
		}
	}
}

// TestCrossSiteOpeningRecordsNothing: a page on another site linking to an
// item makes the browser send the session cookie with Sec-Fetch-Site:
// cross-site; the item is shown but not recorded as opened, so no other
// site can steer a reader's recommendations.
func TestCrossSiteOpeningRecordsNothing(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored := e.ingest(id, nil, items("x", 2)...)
	b := e.browser()
	b.login(alice)
	for _, tt := range []struct {
		site string
		want string
	}{{"cross-site", ""}, {"same-site", ""}, {"same-origin", "x-a"}} {
		req, err := http.NewRequest("GET", fmt.Sprintf("%s/items/%d", e.url, stored[0].ID), nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Sec-Fetch-Site", tt.site)
		resp, err := b.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d", tt.site, resp.StatusCode)
		}
		if got := e.interestTitles(alice); got != tt.want {
			t.Errorf("after a %s visit, opened items = %q, want %q", tt.site, got, tt.want)
		}
	}
}
