package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"vigil"
	"vigil/server/internal/reading"
)

// titles lists the titles of a page of items.
func titles(items []vigil.Item) string {
	var out []string
	for _, it := range items {
		out = append(out, it.Title)
	}
	return strings.Join(out, ",")
}

func TestAPIItemsPagination(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	e.ingest(id, nil, items("p", 5)...) // p-e is the newest
	tests := []struct {
		query, want string
		next        *int
	}{
		{"", "p-e,p-d,p-c,p-b,p-a", nil},
		{"?limit=2", "p-e,p-d", ptr(2)},
		{"?limit=2&offset=2", "p-c,p-b", ptr(4)},
		{"?limit=2&offset=4", "p-a", nil},
		{"?limit=5", "p-e,p-d,p-c,p-b,p-a", nil},
		{"?offset=9", "", nil},
		{fmt.Sprintf("?feed=%d&limit=1", id), "p-e", ptr(1)},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			status, body := e.call("GET", "/api/items"+tt.query, alice.token, nil)
			page := decode[reading.ItemPage](t, body)
			if status != http.StatusOK || titles(page.Items) != tt.want {
				t.Fatalf("status %d, items %q; want %q", status, titles(page.Items), tt.want)
			}
			if fmt.Sprint(deref(page.NextOffset)) != fmt.Sprint(deref(tt.next)) {
				t.Errorf("next_offset %v, want %v", deref(page.NextOffset), deref(tt.next))
			}
		})
	}
	_, body := e.call("GET", "/api/items?limit=2&offset=4", alice.token, nil)
	if !strings.Contains(string(body), `"next_offset":null`) {
		t.Errorf("last page %s does not say next_offset null", body)
	}
}

func TestAPIItemsCursor(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	e.ingest(id, nil, items("p", 5)...)
	var got []string
	path := "/api/items?limit=2"
	for range 5 {
		status, body := e.call("GET", path, alice.token, nil)
		page := decode[reading.ItemPage](t, body)
		if status != http.StatusOK {
			t.Fatalf("%s: status %d", path, status)
		}
		got = append(got, titles(page.Items))
		if page.NextCursor == nil {
			break
		}
		path = "/api/items?limit=2&before=" + url.QueryEscape(*page.NextCursor)
	}
	if strings.Join(got, "|") != "p-e,p-d|p-c,p-b|p-a" {
		t.Errorf("pages by next_cursor: %q, want p-e,p-d|p-c,p-b|p-a", got)
	}
	got = nil
	for range 5 {
		status, body := e.call("GET", path, alice.token, nil)
		page := decode[reading.ItemPage](t, body)
		if status != http.StatusOK {
			t.Fatalf("%s: status %d", path, status)
		}
		got = append(got, titles(page.Items))
		if page.PrevCursor == nil {
			break
		}
		path = "/api/items?limit=2&after=" + url.QueryEscape(*page.PrevCursor)
	}
	if strings.Join(got, "|") != "p-a|p-c,p-b|p-e,p-d" {
		t.Errorf("pages back by prev_cursor: %q, want p-a|p-c,p-b|p-e,p-d", got)
	}
}

func ptr(n int) *int { return &n }

// deref shows an optional offset: the number, or "null".
func deref(n *int) any {
	if n == nil {
		return "null"
	}
	return *n
}

func TestAPIItemsInvalidParameters(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	tests := []struct {
		query, param string
		status       int
	}{
		{"?limit=0", "limit", 400},
		{"?limit=-3", "limit", 400},
		{"?limit=501", "limit", 400},
		{"?limit=ten", "limit", 400},
		{"?offset=-1", "offset", 400},
		{"?offset=x", "offset", 400},
		{"?before=x", "before", 400},
		{"?before=12.0", "before", 400},
		{"?before=1.2.3", "before", 400},
		{"?after=x", "after", 400},
		{"?after=1.2&before=1.3", "not both", 400},
		{"?before=99999999999999999999.1", "before", 400},
		{"?unread=maybe", "unread", 400},
		{"?feed=abc", "feed", 400},
		{"?feed=0", "feed", 400},
		{"?feed=12345", "not found", 404},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			status, body := e.call("GET", "/api/items"+tt.query, alice.token, nil)
			msg := decode[map[string]string](t, body)["error"]
			if status != tt.status || !strings.Contains(msg, tt.param) {
				t.Errorf("status %d, error %q; want %d naming %q", status, msg, tt.status, tt.param)
			}
		})
	}
}

func TestAPIItemAndReadState(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored := e.ingest(id, nil, items("r", 3)...)

	path := fmt.Sprintf("/api/items/%d", stored[0].ID)
	status, body := e.call("GET", path, alice.token, nil)
	it := decode[vigil.Item](t, body)
	if status != http.StatusOK || it.Title != "r-a" || !it.Read || !strings.Contains(it.Content, "body of r-a") {
		t.Fatalf("GET %s: status %d, body %s; want the item, read since it was opened", path, status, body)
	}
	if got := e.unreadTitles(alice); got != "r-c,r-b" {
		t.Errorf("unread after opening r-a = %q, want r-c,r-b", got)
	}

	read := map[string]any{"ids": []int64{stored[0].ID, stored[1].ID}, "read": true}
	if status, body = e.call("POST", "/api/items/read", alice.token, read); status != http.StatusNoContent {
		t.Fatalf("mark read: status %d, body %s", status, body)
	}
	_, body = e.call("GET", "/api/items?unread=true", alice.token, nil)
	if got := titles(decode[reading.ItemPage](t, body).Items); got != "r-c" {
		t.Errorf("unread after marking two read = %q, want r-c", got)
	}
	if _, body = e.call("GET", path, alice.token, nil); !decode[vigil.Item](t, body).Read {
		t.Errorf("item after marking read: %s, want read", body)
	}

	unread := map[string]any{"ids": []int64{stored[0].ID}, "read": false}
	if status, body = e.call("POST", "/api/items/read", alice.token, unread); status != http.StatusNoContent {
		t.Fatalf("mark unread: status %d, body %s", status, body)
	}
	_, body = e.call("GET", "/api/items?unread=1", alice.token, nil)
	if got := titles(decode[reading.ItemPage](t, body).Items); got != "r-c,r-a" {
		t.Errorf("unread after marking r-a unread = %q, want r-c,r-a", got)
	}
}

func TestAPIItemInvalid(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored := e.ingest(id, nil, items("i", 1)...)
	tests := []struct {
		name, method, path string
		body               any
		status             int
		want               string
	}{
		{"item id text", "GET", "/api/items/abc", nil, 400, "item id"},
		{"unknown item", "GET", "/api/items/999", nil, 404, "not found"},
		{"read without ids", "POST", "/api/items/read", map[string]any{"read": true}, 400, "ids"},
		{"read without read", "POST", "/api/items/read", map[string]any{"ids": []int64{stored[0].ID}}, 400, "read is required"},
		{"read bad id", "POST", "/api/items/read", map[string]any{"ids": []int64{-1}, "read": true}, 400, "ids"},
		{"read ids not numbers", "POST", "/api/items/read", `{"ids":["a"],"read":true}`, 400, "ids"},
		{"read unknown item", "POST", "/api/items/read", map[string]any{"ids": []int64{999}, "read": true}, 404, ""},
		{"read too many", "POST", "/api/items/read", map[string]any{"ids": make([]int64, 1001), "read": true}, 400, "at most"},
		{"read not JSON", "POST", "/api/items/read", "ids=1", 400, "not valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := e.call(tt.method, tt.path, alice.token, tt.body)
			msg := decode[map[string]string](t, body)["error"]
			if status != tt.status || !strings.Contains(msg, tt.want) {
				t.Errorf("status %d, error %q; want %d containing %q", status, msg, tt.status, tt.want)
			}
		})
	}
}
