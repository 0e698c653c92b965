package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"vigil"
)

// A feed silent since 2009 shows when it fell silent rather than its
// learned rate, and its old items their dates rather than thousands of
// days ago; so does the API, which gives the newest item's time.
func TestSilentFeedPages(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	old := e.follow(alice, "https://old.example/feed")
	posted := time.Date(2009, 3, 2, 9, 0, 0, 0, time.UTC)
	e.ingest(old, &vigil.Feed{Title: "Old", Status: vigil.FeedActive, LastStatus: 200, LastSuccess: testNow, Rate: 1.0 / 168},
		vigil.Item{Key: "a", Title: "Last words", Published: posted},
		vigil.Item{Key: "b", Title: "Before", Published: posted.AddDate(0, 0, -7)})
	b := e.browser()
	b.login(alice)
	for _, path := range []string{"/", fmt.Sprintf("/feeds/%d", old)} {
		body := wantPage(t, b, path, http.StatusOK, "silent since 2009-03-02")
		if strings.Contains(body, "a week") || strings.Contains(body, "days ago") {
			t.Errorf("%s shows a learned rate or a count of days for a feed silent since 2009:\n%s", path, body)
		}
	}
	body := wantPage(t, b, "/items", http.StatusOK, "2009-03-02")
	if strings.Contains(body, "days ago") {
		t.Errorf("old items shown as days ago:\n%s", body)
	}
	_, data := e.call("GET", fmt.Sprintf("/api/feeds/%d", old), alice.token, nil)
	if !strings.Contains(string(data), `"last_item":"2009-03-02T09:00:00Z"`) {
		t.Errorf("API feed %s lacks the newest item's time", data)
	}
}
