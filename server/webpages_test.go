package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"vigil"
)

// wantPage fetches path and checks the status and that every text appears.
func wantPage(t *testing.T, b *browser, path string, status int, texts ...string) string {
	t.Helper()
	got, _, body := b.get(path)
	if got != status {
		t.Fatalf("GET %s: status %d, want %d\n%s", path, got, status, body)
	}
	for _, text := range texts {
		if !strings.Contains(body, text) {
			t.Errorf("GET %s does not contain %q:\n%s", path, text, body)
		}
	}
	return body
}

func TestWebFeedPages(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	b := e.browser()
	b.login(alice)
	wantPage(t, b, "/", http.StatusOK, "You follow no feeds yet", `action="/feeds"`)

	csrf := b.csrf()
	status, loc, _ := b.post("/feeds", url.Values{"csrf": {csrf}, "url": {"https://Example.com/feed"}, "weight": {"2"}})
	var id int64
	if _, err := fmt.Sscanf(loc, "/feeds/%d", &id); status != http.StatusSeeOther || err != nil {
		t.Fatalf("add feed: status %d, Location %q", status, loc)
	}
	state := &vigil.Feed{
		Title: "Example News", Status: vigil.FeedBroken, LastFetch: testNow.Add(-2 * time.Hour), NextFetch: testNow.Add(5 * time.Minute),
		LastStatus: 503, Failures: 3, FailingSince: testNow.Add(-48 * time.Hour), Rate: 1.5,
	}
	e.ingest(id, state, items("news", 3)...)

	wantPage(t, b, "/", http.StatusOK, "Example News", "https://example.com/feed", "broken",
		"2025-03-14 10:00 UTC (2 h ago)", "(in 5 min)", "503 Service Unavailable", "3 failed fetches", "1.50", ">2<")
	feedPath := fmt.Sprintf("/feeds/%d", id)
	wantPage(t, b, feedPath, http.StatusOK, "Example News", "news-c", "news-a", "503 Service Unavailable",
		"Latest fetches", "250ms", "1234", "unsubscribe", "1.50 items per hour")

	if status, _, _ = b.post(feedPath+"/weight", url.Values{"csrf": {csrf}, "weight": {"4.5"}}); status != http.StatusSeeOther {
		t.Errorf("set weight: status %d", status)
	}
	wantPage(t, b, feedPath, http.StatusOK, `value="4.5"`)

	if status, loc, _ = b.post(feedPath+"/unsubscribe", url.Values{"csrf": {csrf}}); status != http.StatusSeeOther || loc != "/" {
		t.Errorf("unsubscribe: status %d, Location %q", status, loc)
	}
	wantPage(t, b, "/", http.StatusOK, "You follow no feeds yet")
	wantPage(t, b, feedPath, http.StatusNotFound, "not found")
}

func TestWebFeedFormsInvalid(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	b := e.browser()
	b.login(alice)
	csrf := b.csrf()
	id := e.follow(alice, "https://example.com/feed")
	tests := []struct {
		name, path string
		form       url.Values
		status     int
		want       string
	}{
		{"no url", "/feeds", url.Values{}, 400, "url is required"},
		{"bad scheme", "/feeds", url.Values{"url": {"file:///etc/passwd"}}, 400, "http or https"},
		{"weight text", "/feeds", url.Values{"url": {"https://a.example/"}, "weight": {"heavy"}}, 400, "is not a number"},
		{"weight zero", "/feeds", url.Values{"url": {"https://a.example/"}, "weight": {"0"}}, 400, "greater than 0"},
		{"weight NaN", fmt.Sprintf("/feeds/%d/weight", id), url.Values{"weight": {"NaN"}}, 400, "greater than 0"},
		{"unknown feed", "/feeds/999/unsubscribe", url.Values{}, 404, "not found"},
		{"bad feed id", "/feeds/x/weight", url.Values{"weight": {"2"}}, 400, "invalid feed id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.form.Set("csrf", csrf)
			status, _, body := b.post(tt.path, tt.form)
			if status != tt.status || !strings.Contains(body, tt.want) {
				t.Errorf("status %d, want %d containing %q\n%s", status, tt.status, tt.want, body)
			}
		})
	}
}

func TestWebNotices(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://old.example/feed")
	if err := e.st.MoveFeed(t.Context(), id, "https://new.example/feed", testNow); err != nil {
		t.Fatal(err)
	}
	notices, err := e.st.Notices(t.Context(), alice.ID)
	if err != nil || len(notices) != 1 {
		t.Fatalf("store notices = %v, %v", notices, err)
	}
	b := e.browser()
	b.login(alice)
	wantPage(t, b, "/", http.StatusOK, "Notices", notices[0].Text)
}

func TestWebItemPages(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored := e.ingest(id, &vigil.Feed{Title: "Example News"}, items("story", 5)...)
	b := e.browser()
	b.login(alice)

	wantPage(t, b, "/items", http.StatusOK, "story-e", "story-a", "Example News")
	body := wantPage(t, b, "/items?limit=2", http.StatusOK, "story-e", "story-d", "Older", "/items?limit=2&amp;offset=2")
	if strings.Contains(body, "story-c") || strings.Contains(body, "Newer") {
		t.Errorf("first page of two shows more:\n%s", body)
	}
	body = wantPage(t, b, "/items?limit=2&offset=4", http.StatusOK, "story-a", "Newer", "/items?limit=2&amp;offset=2")
	if strings.Contains(body, "Older") {
		t.Errorf("last page links to an older one:\n%s", body)
	}
	wantPage(t, b, fmt.Sprintf("/items?feed=%d", id), http.StatusOK, "of Example News", "story-e")

	itemPath := fmt.Sprintf("/items/%d", stored[0].ID)
	wantPage(t, b, itemPath, http.StatusOK, "story-a", "<p>body of story-a</p>", `href="https://example.com/story-a"`, "Mark unread")
	body = wantPage(t, b, "/items?unread=1", http.StatusOK, "Unread items", "story-e")
	if strings.Contains(body, "story-a") {
		t.Errorf("unread listing shows the item just viewed:\n%s", body)
	}

	status, loc, _ := b.post(itemPath+"/unread", url.Values{"csrf": {b.csrf()}})
	if status != http.StatusSeeOther || loc != "/items" {
		t.Errorf("mark unread: status %d, Location %q", status, loc)
	}
	wantPage(t, b, "/items?unread=1", http.StatusOK, "story-a")

	wantPage(t, b, "/items?limit=zero", http.StatusBadRequest, "limit")
	wantPage(t, b, "/items/abc", http.StatusBadRequest, "invalid item id")
	wantPage(t, b, "/items/999", http.StatusNotFound, "not found")
}
