package server

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"vigil"
	"vigil/server/internal/reading"
)

// TestSanitising checks that scripts and event handlers in feed HTML reach
// neither the API nor the pages, while the harmless content does.
func TestSanitising(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	evil := vigil.Item{
		Key:     "evil",
		Title:   "Evil <script>alert('title')</script>",
		URL:     "javascript:alert('url')",
		Content: `<p>kept text</p><script>alert('content')</script><img src="x.png" onerror="alert('img')"><a href="javascript:alert('a')" onclick="alert('c')">link</a>`,
		Summary: `<b>summary</b><script>alert('summary')</script><svg onload="alert('svg')"></svg>`,
	}
	stored := e.ingest(id, nil, evil)
	itemID := stored[0].ID

	b := e.browser()
	b.login(alice)
	_, _, page := b.get(fmt.Sprintf("/items/%d", itemID))
	_, _, list := b.get("/items")
	_, _, feedPage := b.get(fmt.Sprintf("/feeds/%d", id))
	_, one := e.call("GET", fmt.Sprintf("/api/items/%d", itemID), alice.token, nil)
	_, many := e.call("GET", "/api/items", alice.token, nil)

	outputs := map[string]string{
		"item page": page, "items page": list, "feed page": feedPage,
		"API item": decode[vigil.Item](t, one).Content + decode[vigil.Item](t, one).Summary,
		"API list": decode[reading.ItemPage](t, many).Items[0].Content + decode[reading.ItemPage](t, many).Items[0].Summary,
	}
	for name, out := range outputs {
		// The pages' own keyboard script is the one script allowed.
		out = strings.ReplaceAll(out, `<script src="/static/keys.js" defer></script>`, "")
		for _, bad := range []string{"<script", "onerror", "onclick", "onload", "javascript:"} {
			if strings.Contains(strings.ToLower(out), bad) {
				t.Errorf("%s contains %q:\n%s", name, bad, out)
			}
		}
	}
	for _, name := range []string{"item page", "API item", "API list"} {
		if !strings.Contains(outputs[name], "kept text") {
			t.Errorf("%s lost the harmless content:\n%s", name, outputs[name])
		}
	}
	if !strings.Contains(page, "Evil &lt;script&gt;") {
		t.Errorf("item page does not show the title as escaped text:\n%s", page)
	}
}

// TestSanitisingLinks checks that the default policy makes item links
// send no referrer and open other sites in a new tab.
func TestSanitisingLinks(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored := e.ingest(id, nil, vigil.Item{Key: "k", Title: "Links",
		Content: `<p><a href="https://other.example/page">away</a> <a href="/local">here</a></p>`})
	b := e.browser()
	b.login(alice)
	body := wantPage(t, b, fmt.Sprintf("/items/%d", stored[0].ID), http.StatusOK, "away")
	away := regexp.MustCompile(`<a [^>]*href="https://other.example/page"[^>]*>`).FindString(body)
	if !strings.Contains(away, "noreferrer") || !strings.Contains(away, `target="_blank"`) || !strings.Contains(away, "noopener") {
		t.Errorf("off-site link %q lacks noreferrer, noopener or target=_blank", away)
	}
	here := regexp.MustCompile(`<a [^>]*href="/local"[^>]*>`).FindString(body)
	if here == "" || strings.Contains(here, "_blank") {
		t.Errorf("relative link %q missing or opened in a new tab", here)
	}
}
