package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"vigil/server/internal/reading"
)

// unreadTitles lists the titles of a user's unread items through the API.
func (e *env) unreadTitles(u tester) string {
	e.t.Helper()
	status, body := e.call("GET", "/api/items?unread=1&limit=500", u.token, nil)
	if status != http.StatusOK {
		e.t.Fatalf("unread items of %s: status %d, body %s", u.Name, status, body)
	}
	return titles(decode[reading.ItemPage](e.t, body).Items)
}

// TestWebMarkAllRead checks that "mark all as read" marks the items of the
// chosen feed or of all the visitor's feeds, only those seen before the
// page was shown, and never another user's.
func TestWebMarkAllRead(t *testing.T) {
	e := newEnv(t, Config{})
	alice, bob := e.user("alice"), e.user("bob")
	shared := e.follow(alice, "https://shared.example/feed")
	e.follow(bob, "https://shared.example/feed")
	own := e.follow(alice, "https://alice.example/feed")
	bobs := e.follow(bob, "https://bob.example/feed")
	e.ingest(shared, nil, items("s", 2)...) // seen at testNow-59m
	e.ingest(own, nil, items("a", 2)...)    // seen at testNow-58m
	e.ingest(bobs, nil, items("b", 1)...)   // seen at testNow-57m
	e.ingest(own, nil, items("late", 1)...) // seen at testNow-56m
	until := func(d time.Duration) string { return strconv.FormatInt(testNow.Add(d).UnixNano(), 10) }

	a, b := e.browser(), e.browser()
	a.login(alice)
	b.login(bob)
	aliceCSRF, bobCSRF := a.csrf(), b.csrf()
	feedPath := fmt.Sprintf("/feeds/%d", shared)
	wantPage(t, a, feedPath, http.StatusOK, `action="/items/read"`, `name="feed" value="`+strconv.FormatInt(shared, 10)+`"`)

	form := url.Values{"csrf": {aliceCSRF}, "feed": {strconv.FormatInt(shared, 10)}, "until": {until(0)}, "return": {feedPath}}
	if status, loc, body := a.post("/items/read", form); status != http.StatusSeeOther || loc != feedPath {
		t.Fatalf("mark feed read: status %d, Location %q\n%s", status, loc, body)
	}
	wantPage(t, a, feedPath, http.StatusOK, "Marked 2 items as read.")
	if got := e.unreadTitles(alice); got != "late-a,a-b,a-a" {
		t.Errorf("alice's unread after marking the shared feed = %q", got)
	}
	if got := e.unreadTitles(bob); got != "b-a,s-b,s-a" {
		t.Errorf("bob's unread after alice marked the shared feed = %q, want all three", got)
	}

	bobTries := []url.Values{
		{"csrf": {bobCSRF}, "feed": {strconv.FormatInt(own, 10)}, "until": {until(0)}},
		{"csrf": {bobCSRF}, "feed": {"999"}, "until": {until(0)}},
	}
	for _, f := range bobTries {
		if status, _, _ := b.post("/items/read", f); status != http.StatusNotFound {
			t.Errorf("bob marks feed %s read: status %d, want 404", f.Get("feed"), status)
		}
	}
	form = url.Values{"csrf": {bobCSRF}, "until": {until(0)}, "return": {"//evil.com"}}
	if status, loc, _ := b.post("/items/read", form); status != http.StatusSeeOther || loc != "/items" {
		t.Errorf("bob marks all read: status %d, Location %q; want 303 to /items", status, loc)
	}
	if got := e.unreadTitles(bob); got != "" {
		t.Errorf("bob's unread after marking all = %q, want none", got)
	}
	if got := e.unreadTitles(alice); got != "late-a,a-b,a-a" {
		t.Errorf("alice's unread after bob marked all = %q, want unchanged", got)
	}

	form = url.Values{"csrf": {aliceCSRF}, "until": {until(-57 * time.Minute)}}
	if status, _, _ := a.post("/items/read", form); status != http.StatusSeeOther {
		t.Errorf("alice marks all read: status %d", status)
	}
	if got := e.unreadTitles(alice); got != "late-a" {
		t.Errorf("alice's unread after marking what she had seen = %q, want the later item", got)
	}

	for _, bad := range []url.Values{{"until": {"soon"}}, {"until": {until(0)}, "feed": {"x"}}} {
		bad.Set("csrf", aliceCSRF)
		if status, _, body := a.post("/items/read", bad); status != http.StatusBadRequest {
			t.Errorf("mark read with %v: status %d, want 400\n%s", bad, status, body)
		}
	}
}

// TestWebMarkUnreadReturn checks where marking an item unread leads: back
// to the item, left unread, or to a local page the form names.
func TestWebMarkUnreadReturn(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored := e.ingest(id, nil, items("story", 1)...)
	itemPath := fmt.Sprintf("/items/%d", stored[0].ID)
	b := e.browser()
	b.login(alice)
	csrf := b.csrf()
	tests := []struct {
		ret, want string
	}{
		{"", itemPath + "?keep=unread"},
		{"/items?unread=1", "/items?unread=1"},
		{"//evil.com", itemPath + "?keep=unread"},
		{"https://evil.com/", itemPath + "?keep=unread"},
		{`/\evil.com`, itemPath + "?keep=unread"},
	}
	for _, tt := range tests {
		b.get(itemPath) // reading marks it read
		status, loc, _ := b.post(itemPath+"/unread", url.Values{"csrf": {csrf}, "return": {tt.ret}})
		if status != http.StatusSeeOther || loc != tt.want {
			t.Errorf("mark unread returning to %q: status %d, Location %q; want 303 to %q", tt.ret, status, loc, tt.want)
		}
		if got := e.unreadTitles(alice); got != "story-a" {
			t.Errorf("unread after mark unread = %q", got)
		}
	}
	b.get(itemPath + "?keep=unread")
	if got := e.unreadTitles(alice); got != "story-a" {
		t.Errorf("unread after showing the item kept unread = %q, want it still unread", got)
	}
}
