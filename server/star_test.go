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

// starredTitles lists the titles of a user's starred items through the API.
func (e *env) starredTitles(u tester) string {
	e.t.Helper()
	status, body := e.call("GET", "/api/items?starred=1&limit=500", u.token, nil)
	if status != http.StatusOK {
		e.t.Fatalf("starred items of %s: status %d, body %s", u.Name, status, body)
	}
	return titles(decode[reading.ItemPage](e.t, body).Items)
}

func TestAPIStarRoundTrip(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored := e.ingest(id, nil, items("s", 3)...)
	star := func(starred bool, ids ...int64) {
		t.Helper()
		req := map[string]any{"ids": ids, "starred": starred}
		if status, body := e.call("POST", "/api/items/star", alice.token, req); status != http.StatusNoContent {
			t.Fatalf("star %v %v: status %d, body %s", ids, starred, status, body)
		}
	}

	star(true, stored[0].ID, stored[2].ID)
	if got := e.starredTitles(alice); got != "s-c,s-a" {
		t.Errorf("starred after starring two = %q, want s-c,s-a", got)
	}
	if got := e.unreadTitles(alice); got != "s-c,s-b,s-a" {
		t.Errorf("unread after starring = %q: starring must not mark read", got)
	}
	_, body := e.call("GET", "/api/search?q=s-a", alice.token, nil)
	if found := decode[api.SearchAnswer](t, body).Items; len(found) != 1 || !found[0].Starred {
		t.Errorf("search result for the starred s-a: %s, want it starred", body)
	}
	if got := e.interestTitles(alice); got != "s-a,s-c" { // newest ID first: s-a heads its fetch
		t.Errorf("interest items after starring = %q, want the starred ones", got)
	}

	star(false, stored[2].ID)
	star(false, stored[2].ID) // unstarring twice is harmless
	if got := e.starredTitles(alice); got != "s-a" {
		t.Errorf("starred after unstarring s-c = %q, want s-a", got)
	}
	_, body = e.call("GET", fmt.Sprintf("/api/items/%d", stored[0].ID), alice.token, nil)
	if it := decode[vigil.Item](t, body); !it.Starred {
		t.Errorf("GET of the starred item: %s, want starred true", body)
	}
}

func TestAPIStarInvalid(t *testing.T) {
	e := newEnv(t, Config{})
	alice, bob := e.user("alice"), e.user("bob")
	own := e.ingest(e.follow(alice, "https://example.com/feed"), nil, items("i", 1)...)[0].ID
	bobs := e.ingest(e.follow(bob, "https://bob.example/feed"), nil, items("b", 1)...)[0].ID
	tests := []struct {
		name   string
		body   any
		status int
		want   string
	}{
		{"no ids", map[string]any{"starred": true}, 400, "ids"},
		{"no starred", map[string]any{"ids": []int64{own}}, 400, "starred is required"},
		{"starred as text", `{"ids":[1],"starred":"yes"}`, 400, "field starred must be true or false"},
		{"bad id", map[string]any{"ids": []int64{0}, "starred": true}, 400, "ids"},
		{"too many", map[string]any{"ids": make([]int64, reading.MaxMarkIDs+1), "starred": true}, 400, "at most"},
		{"unknown field", `{"ids":[1],"starred":true,"read":true}`, 400, "unknown field"},
		{"unknown item", map[string]any{"ids": []int64{999}, "starred": true}, 404, "not found"},
		{"another user's item", map[string]any{"ids": []int64{own, bobs}, "starred": true}, 404, "not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := e.call("POST", "/api/items/star", alice.token, tt.body)
			msg := decode[map[string]string](t, body)["error"]
			if status != tt.status || !strings.Contains(msg, tt.want) {
				t.Errorf("status %d, error %q; want %d containing %q", status, msg, tt.status, tt.want)
			}
		})
	}
	if got := e.starredTitles(alice); got != "" {
		t.Errorf("alice's starred items after refused requests = %q, want none", got)
	}
	if got := e.starredTitles(bob); got != "" {
		t.Errorf("bob's starred items after alice's requests = %q, want none", got)
	}
}

func TestWebStar(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored := e.ingest(id, &vigil.Feed{Title: "Example News"}, items("w", 2)...)
	itemPath := fmt.Sprintf("/items/%d", stored[0].ID)
	starPath := itemPath + "/star"
	b := e.browser()
	b.login(alice)
	csrf := b.csrf()

	wantPage(t, b, "/items?starred=1", http.StatusOK, "<h1>Starred items</h1>", "No starred items")
	wantPage(t, b, "/items", http.StatusOK, `action="`+starPath+`"`, `name="return" value="/items"`, `aria-label="Star"`)

	tests := []struct {
		name, starred, ret string
		status             int
		location, want     string
	}{
		{"no token", "true", "/items", http.StatusForbidden, "", ""},
		{"star from the list", "true", "/items?starred=1", http.StatusSeeOther, "/items?starred=1", "w-a"},
		{"star again", "true", "", http.StatusSeeOther, itemPath, "w-a"},
		{"foreign return", "false", "//evil.example/", http.StatusSeeOther, itemPath, ""},
		{"bad state", "maybe", "/items", http.StatusBadRequest, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := url.Values{"starred": {tt.starred}, "return": {tt.ret}}
			if tt.status != http.StatusForbidden {
				form.Set("csrf", csrf)
			}
			status, loc, body := b.post(starPath, form)
			if status != tt.status || loc != tt.location {
				t.Errorf("status %d, Location %q; want %d, %q\n%s", status, loc, tt.status, tt.location, body)
			}
			if got := e.starredTitles(alice); got != tt.want {
				t.Errorf("starred items = %q, want %q", got, tt.want)
			}
		})
	}

	b.post(starPath, url.Values{"csrf": {csrf}, "starred": {"true"}})
	wantPage(t, b, "/items?starred=1", http.StatusOK, "<h1>Starred items</h1>", "w-a", `aria-label="Unstar"`, `name="starred" value="false"`)
	wantPage(t, b, itemPath, http.StatusOK, `aria-label="Unstar"`, `name="return" value="`+itemPath+`"`)
	body := wantPage(t, b, "/items?starred=1", http.StatusOK)
	if strings.Contains(body, "w-b") || strings.Contains(body, "Mark all") {
		t.Errorf("the starred view lists an unstarred item or offers to mark all read:\n%s", body)
	}
	wantPage(t, b, "/items?starred=1&unread=1", http.StatusOK, "<h1>Unread starred items</h1>", `href="/items?starred=1">Show all</a>`)
	wantPage(t, b, "/items?starred=no", http.StatusBadRequest, "starred must be true or false")
	wantPage(t, b, fmt.Sprintf("/feeds/%d", id), http.StatusOK, fmt.Sprintf(`name="return" value="/feeds/%d"`, id))
	if status, _, _ := b.post("/items/999/star", url.Values{"csrf": {csrf}, "starred": {"true"}}); status != http.StatusNotFound {
		t.Errorf("star an unknown item: status %d, want 404", status)
	}
}
