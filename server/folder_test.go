package server

import (
	"fmt"
	"net/http"
	"testing"

	"vigil"
)

func TestAPIPatchFolderAndTitle(t *testing.T) {
	e := newEnv(t, Config{})
	alice, bob := e.user("alice"), e.user("bob")
	status, body := e.call("POST", "/api/feeds", alice.token, map[string]any{"url": "https://example.com/feed"})
	if status != http.StatusCreated {
		t.Fatalf("subscribe: status %d, body %s", status, body)
	}
	sub := decode[vigil.Subscription](t, body)
	path := fmt.Sprintf("/api/feeds/%d", sub.Feed.ID)

	status, body = e.call("PATCH", path, alice.token, map[string]any{"folder": " News / World ", "title": "Mine"})
	got := decode[vigil.Subscription](t, body)
	if status != http.StatusOK || got.Folder != "News/World" || got.Title != "Mine" || got.Weight != 1 {
		t.Errorf("PATCH folder and title: status %d, body %s", status, body)
	}
	// A bad field changes nothing, even beside a good one.
	status, _ = e.call("PATCH", path, alice.token, map[string]any{"folder": "Other", "weight": -1})
	_, body = e.call("GET", path, alice.token, nil)
	if got := decode[vigil.Subscription](t, body); status != http.StatusBadRequest || got.Folder != "News/World" {
		t.Errorf("PATCH with a bad weight: status %d, then folder %q; want 400 and News/World", status, got.Folder)
	}
	status, _ = e.call("PATCH", path, bob.token, map[string]any{"folder": "Bob's"})
	if status != http.StatusNotFound {
		t.Errorf("bob PATCHing alice's subscription: status %d, want 404", status)
	}
	status, body = e.call("GET", "/api/feeds", alice.token, nil)
	if list := decode[[]vigil.Subscription](t, body); status != http.StatusOK || len(list) != 1 || list[0].Folder != "News/World" {
		t.Errorf("GET /api/feeds does not show the folder: %s", body)
	}
}
