package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"vigil"
	"vigil/server/api"
	"vigil/server/internal/reading"
)

// TestIsolation checks that no route shows or changes one user's data for
// another: bob gets 404 for everything of alice's, and the listings of each
// hold only their own feeds and items.
func TestIsolation(t *testing.T) {
	e := newEnv(t, Config{})
	alice, bob := e.user("alice"), e.user("bob")
	aliceFeed := e.follow(alice, "https://alice.example/feed")
	bobFeed := e.follow(bob, "https://bob.example/feed")
	aliceItems := e.ingest(aliceFeed, nil, items("alice", 2)...)
	e.ingest(bobFeed, nil, items("bob", 1)...)
	item := aliceItems[0].ID
	if err := e.st.SetInterests(t.Context(), alice.ID, "alice reads about sailing"); err != nil {
		t.Fatal(err)
	}

	denied := []struct {
		method, path string
		body         any
	}{
		{"GET", fmt.Sprintf("/api/feeds/%d", aliceFeed), nil},
		{"PATCH", fmt.Sprintf("/api/feeds/%d", aliceFeed), map[string]any{"weight": 9}},
		{"DELETE", fmt.Sprintf("/api/feeds/%d", aliceFeed), nil},
		{"GET", fmt.Sprintf("/api/feeds/%d/observations", aliceFeed), nil},
		{"GET", fmt.Sprintf("/api/items?feed=%d", aliceFeed), nil},
		{"GET", fmt.Sprintf("/api/items/%d", item), nil},
		{"POST", "/api/items/read", map[string]any{"ids": []int64{item}, "read": true}},
		{"POST", "/api/items/star", map[string]any{"ids": []int64{item}, "starred": true}},
	}
	for _, d := range denied {
		if status, body := e.call(d.method, d.path, bob.token, d.body); status != http.StatusNotFound {
			t.Errorf("bob %s %s: status %d, body %s; want 404", d.method, d.path, status, body)
		}
	}

	_, body := e.call("GET", "/api/feeds", bob.token, nil)
	if subs := decode[[]vigil.Subscription](t, body); len(subs) != 1 || subs[0].Feed.ID != bobFeed {
		t.Errorf("bob's feeds = %s, want only his own", body)
	}
	_, body = e.call("GET", "/api/items", bob.token, nil)
	if got := titles(decode[reading.ItemPage](t, body).Items); got != "bob-a" {
		t.Errorf("bob's items = %q, want bob-a", got)
	}
	_, body = e.call("GET", "/api/search?q=body", bob.token, nil)
	if got := titles(decode[api.SearchAnswer](t, body).Items); got != "bob-a" {
		t.Errorf("bob's search = %q, want only bob-a", got)
	}
	if _, body = e.call("GET", "/api/me", bob.token, nil); strings.Contains(string(body), "sailing") {
		t.Errorf("bob's /api/me shows alice's interests: %s", body)
	}
	if got := e.unreadTitles(alice); got != "alice-b,alice-a" {
		t.Errorf("alice's unread items after bob's requests = %q, want both", got)
	}
	if got := e.interestTitles(alice); got != "" {
		t.Errorf("alice's opened or starred items after bob's requests = %q, want none", got)
	}
	_, body = e.call("GET", fmt.Sprintf("/api/feeds/%d", aliceFeed), alice.token, nil)
	if w := decode[vigil.Subscription](t, body).Weight; w != 1 {
		t.Errorf("alice's weight = %v after bob's PATCH, want 1", w)
	}

	b := e.browser()
	b.login(bob)
	for _, path := range []string{fmt.Sprintf("/feeds/%d", aliceFeed), fmt.Sprintf("/feeds/%d/unsubscribe", aliceFeed), fmt.Sprintf("/items/%d", item), fmt.Sprintf("/items?feed=%d", aliceFeed)} {
		if status, _, _ := b.get(path); status != http.StatusNotFound {
			t.Errorf("bob GET %s: status %d, want 404", path, status)
		}
	}
	csrf := b.csrf()
	for _, path := range []string{fmt.Sprintf("/feeds/%d/unsubscribe", aliceFeed), fmt.Sprintf("/feeds/%d/weight", aliceFeed), "/items/read", fmt.Sprintf("/items/%d/unread", item), fmt.Sprintf("/items/%d/star", item)} {
		form := url.Values{"csrf": {csrf}, "weight": {"5"}, "feed": {fmt.Sprint(aliceFeed)}, "until": {fmt.Sprint(testNow.UnixNano())}, "starred": {"true"}}
		if status, _, _ := b.post(path, form); status != http.StatusNotFound {
			t.Errorf("bob POST %s: status %d, want 404", path, status)
		}
	}
	for _, path := range []string{"/", "/items", "/items?starred=1", "/search?q=body", "/interests"} {
		_, _, page := b.get(path)
		if strings.Contains(page, "alice") {
			t.Errorf("bob's page %s shows alice's data:\n%s", path, page)
		}
	}
	if _, body = e.call("GET", fmt.Sprintf("/api/feeds/%d", aliceFeed), alice.token, nil); decode[vigil.Subscription](t, body).Feed.ID != aliceFeed {
		t.Errorf("alice lost her subscription after bob's requests: %s", body)
	}
}
