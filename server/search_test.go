package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/server/api"
	"vigil/server/internal/reading"
	"vigil/server/web"
)

// searchItems are items whose relevance to "compiler" differs: the word in
// the title ranks above the word in the text only.
func searchItems() []vigil.Item {
	at := testNow.Add(-3 * time.Hour)
	return []vigil.Item{
		{Key: "1", Title: "Weekly digest", Content: "<p>A new compiler release, and other news.</p>", Published: at},
		{Key: "2", Title: "Compiler internals", Content: "<p>How a compiler lowers loops.</p>", Published: at.Add(time.Hour)},
		{Key: "3", Title: "Gardening", Content: "<p>Tomatoes and open source seeds.</p>", Published: at.Add(2 * time.Hour)},
		{Key: "4", Title: "Compilers everywhere", Content: "<p>Open source tools.</p>", Published: at.Add(3 * time.Hour)},
	}
}

func TestAPISearch(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	e.ingest(e.follow(alice, "https://example.com/feed"), &vigil.Feed{Title: "Example"}, searchItems()...)
	tests := []struct {
		query, want string
	}{
		{"compiler", "Compiler internals,Weekly digest"},
		{"COMPILER", "Compiler internals,Weekly digest"},
		{"everywh*", "Compilers everywhere"},
		{"tomato* seeds", "Gardening"},
		{`"open source"`, "Compilers everywhere,Gardening"},
		{`"source open"`, ""},
		{"compiler loops", "Compiler internals"},
		{"compiler&limit=1", "Compiler internals"},
		{"nothing-like-this", ""},
		{"tomatoes AND seeds", "Gardening"},
		{"tomatoes OR compiler", ""},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			status, body := e.call("GET", "/api/search?q="+strings.Replace(url.QueryEscape(tt.query), "%26limit%3D", "&limit=", 1), alice.token, nil)
			if status != http.StatusOK {
				t.Fatalf("status %d, body %s", status, body)
			}
			got := decode[api.SearchAnswer](t, body).Items
			if titles(got) != tt.want {
				t.Errorf("found %q, want %q", titles(got), tt.want)
			}
			if !strings.Contains(string(body), `"items":[`) {
				t.Errorf("answer %s has no items list", body)
			}
			for _, it := range got {
				if it.FeedTitle != "Example" || it.Content == "" || it.Read || it.Starred {
					t.Errorf("found item %+v lacks its feed title, content or states", it)
				}
			}
		})
	}
}

func TestAPISearchSanitises(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	hostile := vigil.Item{Key: "x", Title: "Hostile", Content: `<p onclick="steal()">safe words</p><script>steal()</script>`, Published: testNow}
	e.ingest(e.follow(alice, "https://example.com/feed"), nil, hostile)
	_, body := e.call("GET", "/api/search?q=safe", alice.token, nil)
	found := decode[api.SearchAnswer](t, body).Items
	if len(found) != 1 || strings.Contains(found[0].Content, "script") || strings.Contains(found[0].Content, "onclick") {
		t.Errorf("search answer %s, want the item with its HTML sanitised", body)
	}
}

func TestAPISearchInvalid(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	tests := []struct {
		query, want string
	}{
		{"", "parameter q is required"},
		{"?q=", "parameter q is required"},
		{"?q=+++", "parameter q is required"},
		{"?q=%22", "parameter q: "},
		{"?q=*", "no word"},
		{"?q=-+%2B+%28%29", "no word"},
		{"?q=" + strings.Repeat("a", reading.MaxQueryLength+1), "limit of 500"},
		{"?q=ok&limit=0", "parameter limit must be an integer from 1 to 500"},
		{"?q=ok&limit=501", "parameter limit"},
		{"?q=ok&limit=ten", "parameter limit"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			status, body := e.call("GET", "/api/search"+tt.query, alice.token, nil)
			msg := decode[map[string]string](t, body)["error"]
			if status != http.StatusBadRequest || !strings.Contains(msg, tt.want) {
				t.Errorf("status %d, error %q; want 400 containing %q", status, msg, tt.want)
			}
		})
	}
	if status, _ := e.call("GET", "/api/search?q=ok", "", nil); status != http.StatusUnauthorized {
		t.Errorf("search without credentials: status %d, want 401", status)
	}
}

func TestWebSearch(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://untitled.example/feed")
	e.ingest(id, nil, searchItems()...)
	b := e.browser()
	b.login(alice)

	wantPage(t, b, "/", http.StatusOK, `<form class="search" method="get" action="/search" role="search">`, `name="q" value=""`)
	body := wantPage(t, b, "/search", http.StatusOK, "<h1>Search</h1>", "Every word must occur")
	if strings.Contains(body, "match") {
		t.Errorf("the search page without a query speaks of matches:\n%s", body)
	}
	body = wantPage(t, b, "/search?q=compiler", http.StatusOK, "2 items match “compiler”, best first.", `name="q" value="compiler"`,
		"untitled.example · ", `aria-label="Star"`, `name="return" value="/search?q=compiler"`)
	if i, j := strings.Index(body, "Compiler internals"), strings.Index(body, "Weekly digest"); i < 0 || j < i {
		t.Errorf("the title match is not listed first:\n%s", body)
	}
	wantPage(t, b, "/search?q=compiler+loops", http.StatusOK, "1 item matches “compiler loops”.")
	wantPage(t, b, "/search?q=zebra", http.StatusOK, "No item matches “zebra”.", "Try fewer words")
}

// TestWebSearchHostileQueries checks that queries made of search syntax or
// markup get a page, never a server error, and that the page shows the
// query escaped.
func TestWebSearchHostileQueries(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	e.ingest(e.follow(alice, "https://example.com/feed"), nil,
		vigil.Item{Key: "s", Title: "About the script tag", Content: "<p>and more</p>", Published: testNow})
	b := e.browser()
	b.login(alice)
	tests := []struct {
		query  string
		status int
		want   []string
	}{
		{`"`, http.StatusBadRequest, []string{"Could not search:", "has no word to search for", `value="&#34;"`}},
		{`*`, http.StatusBadRequest, []string{"has no word to search for", `value="*"`}},
		{`AND`, http.StatusOK, []string{"1 item matches “AND”.", "About the script tag"}},
		{`NEAR(a b)`, http.StatusOK, []string{"No item matches"}},
		{`col:script`, http.StatusOK, []string{"No item matches"}},
		{`<script>alert(1)</script>`, http.StatusOK, []string{"No item matches “&lt;script&gt;alert(1)&lt;/script&gt;”.", `value="&lt;script&gt;alert(1)&lt;/script&gt;"`}},
		{`<script>`, http.StatusOK, []string{"1 item matches “&lt;script&gt;”."}},
		{`"><img src=x onerror=alert(1)>`, http.StatusOK, []string{`value="&#34;&gt;&lt;img src=x onerror=alert(1)&gt;"`}},
		{strings.Repeat("word ", 101), http.StatusBadRequest, []string{"more than the limit of 500"}},
		{"\x00\xff", http.StatusBadRequest, []string{"has no word"}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			body := wantPage(t, b, "/search?q="+url.QueryEscape(tt.query), tt.status, tt.want...)
			for _, bad := range []string{"<script>alert", "<script>", "<img"} {
				if strings.Contains(body, bad) {
					t.Errorf("the page holds %q unescaped:\n%s", bad, body)
				}
			}
		})
	}
}

// TestWebSearchMore checks the page's count when more items match than it
// shows.
func TestWebSearchMore(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	many := make([]vigil.Item, web.SearchLimit+1)
	for i := range many {
		many[i] = vigil.Item{Key: fmt.Sprint(i), Title: fmt.Sprintf("note %d", i), Content: "<p>common word</p>", Published: testNow.Add(-time.Duration(i) * time.Minute)}
	}
	e.ingest(id, nil, many...)
	b := e.browser()
	b.login(alice)
	body := wantPage(t, b, "/search?q=common", http.StatusOK, fmt.Sprintf("More than %d items match “common”; here are the %d best.", web.SearchLimit, web.SearchLimit))
	if n := strings.Count(body, `class="item unread"`); n != web.SearchLimit {
		t.Errorf("the page lists %d items, want %d", n, web.SearchLimit)
	}
}
