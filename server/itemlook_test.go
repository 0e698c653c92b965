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

// TestSnippet checks the plain-text snippets of items.
func TestSnippet(t *testing.T) {
	long := strings.Repeat("word ", 60)
	tests := []struct {
		name string
		item vigil.Item
		want string
	}{
		{"summary first", vigil.Item{Summary: "<p>Short <b>summary</b></p>", Content: "content"}, "Short summary"},
		{"content without summary", vigil.Item{Content: "<div>Body &amp; more\n\n text</div>"}, "Body & more text"},
		{"scripts dropped", vigil.Item{Summary: "a<script>alert(1)</script>b"}, "ab"},
		{"cut at a word", vigil.Item{Summary: long}, strings.TrimSpace(long[:179]) + " …"},
		{"empty", vigil.Item{}, ""},
	}
	s := &Server{}
	for _, tt := range tests {
		if got := s.snippet(tt.item); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestFeedInitial checks the drawn feed icons.
func TestFeedInitial(t *testing.T) {
	tests := []struct{ name, want string }{
		{"example.com", "E"},
		{"  «ärger» news", "Ä"},
		{"9to5", "9"},
		{"", "#"},
		{"***", "#"},
	}
	for _, tt := range tests {
		if got := feedInitial(tt.name); got != tt.want {
			t.Errorf("feedInitial(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

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

// TestRoughDuration checks how delays are written.
func TestRoughDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{1500 * time.Millisecond, "2s"},
		{45 * time.Minute, "45m"},
		{4 * time.Hour, "4h"},
		{150*time.Minute + 20*time.Second, "2h30m"},
		{49 * time.Hour, "49h"},
	}
	for _, tt := range tests {
		if got := roughDuration(tt.d); got != tt.want {
			t.Errorf("roughDuration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
