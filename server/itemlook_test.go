package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"vigil"
)

// TestItemListLook checks what a new user misses, on the items page: a
// snippet and the feed's icon per item, the sidebar of feeds with unread
// counts, the keyboard script, and the read toggle working without it.
func TestItemListLook(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored := e.ingest(id, &vigil.Feed{Title: "Daily Example"}, vigil.Item{Key: "1", Title: "First", Summary: "<p>The first <i>story</i></p>"})
	b := e.browser()
	b.login(alice)
	_, _, page := b.get("/items")
	for _, want := range []string{
		`<p class="snippet">The first story</p>`,
		`<span class="icon" aria-hidden="true">D</span>`,
		`<aside class="sidebar"`,
		fmt.Sprintf(`<a href="/items?feed=%d">`, id),
		`<span class="count">1</span>`,
		`<script src="/static/keys.js" defer></script>`,
		fmt.Sprintf(`action="/items/%d/read"`, stored[0].ID),
	} {
		if !strings.Contains(page, want) {
			t.Errorf("items page lacks %s", want)
		}
	}
	status, _, js := b.get("/static/keys.js")
	if status != http.StatusOK || !strings.Contains(js, `case "j":`) {
		t.Errorf("keys.js: status %d", status)
	}
	form := url.Values{"csrf": {b.csrf()}, "return": {"/items"}}
	status, loc, _ := b.post(fmt.Sprintf("/items/%d/read", stored[0].ID), form)
	if status != http.StatusSeeOther || loc != "/items" {
		t.Fatalf("mark read: status %d, Location %q", status, loc)
	}
	_, _, page = b.get("/items")
	if !strings.Contains(page, `class="item read"`) || !strings.Contains(page, fmt.Sprintf(`action="/items/%d/unread"`, stored[0].ID)) {
		t.Errorf("the item is not shown read with an unread toggle:\n%s", page)
	}
}
