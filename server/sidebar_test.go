package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestSidebarFolders moves a feed into a nested folder with the feed
// page's form and checks that the sidebar shows it inside collapsible
// folders, that a bad folder name is refused in words on the page without
// changing anything, and that the form needs its CSRF token.
func TestSidebarFolders(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	e.follow(alice, "https://example.org/other")
	b := e.browser()
	b.login(alice)
	csrf := b.csrf()
	path := fmt.Sprintf("/feeds/%d/folder", id)
	if status, _, page := b.post(path, url.Values{"csrf": {csrf}, "folder": {" News / World "}}); status != http.StatusSeeOther {
		t.Fatalf("move to folder: status %d\n%s", status, page)
	}
	sub, err := e.st.Subscription(context.Background(), alice.ID, id)
	if err != nil || sub.Folder != "News/World" {
		t.Fatalf("stored folder %q, %v; want News/World", sub.Folder, err)
	}
	_, _, page := b.get(fmt.Sprintf("/feeds/%d", id))
	for _, want := range []string{
		`<details open><summary><span class="name">News</span>`,
		`<details open><summary><span class="name">World</span>`,
		`action="` + path + `"`, `value="News/World"`, `<option value="News/World">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("feed page lacks %q", want)
		}
	}
	world := strings.Index(page, `<span class="name">World</span>`)
	feed := strings.Index(page, fmt.Sprintf(`href="/items?feed=%d"`, id))
	other := strings.Index(page, `example.org`)
	if world < 0 || feed < world || strings.LastIndex(page[:feed], "</details>") > world {
		t.Errorf("the feed is not inside the World folder of the sidebar")
	}
	if other < 0 {
		t.Errorf("the top-level feed is missing from the sidebar")
	}
	status, _, page := b.post(path, url.Values{"csrf": {csrf}, "folder": {"bad\x01name"}})
	if status != http.StatusBadRequest || !strings.Contains(page, "Could not move the feed:") {
		t.Errorf("bad folder: status %d, page without the reason", status)
	}
	if status, _, _ := b.post(path, url.Values{"folder": {"Elsewhere"}}); status != http.StatusForbidden {
		t.Errorf("move without CSRF token: status %d, want 403", status)
	}
	if sub, _ := e.st.Subscription(context.Background(), alice.ID, id); sub.Folder != "News/World" {
		t.Errorf("refused moves changed the folder to %q", sub.Folder)
	}
	if status, _, _ := b.post(path, url.Values{"csrf": {csrf}, "folder": {""}}); status != http.StatusSeeOther {
		t.Errorf("move to the top level: status %d", status)
	}
	if sub, _ := e.st.Subscription(context.Background(), alice.ID, id); sub.Folder != "" {
		t.Errorf("folder after moving to the top level %q", sub.Folder)
	}
}
