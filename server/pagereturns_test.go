package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/change"
	"vigil/store"
)

// TestPageReturnsSetting checks the owner's setting of how many states
// tell a return, through the API and the page's form, and that bad values
// are refused with a message naming them and change nothing.
func TestPageReturnsSetting(t *testing.T) {
	e := newEnv(t, Config{})
	ann, bob := e.user("ann"), e.user("bob")
	page, _ := pageWithChange(t, e, ann, bob)
	path := fmt.Sprintf("/api/pages/%d/settings", page)
	tests := []struct {
		name    string
		token   string
		returns any
		status  int
		says    string
	}{
		{"owner sets 3", ann.token, 3, http.StatusNoContent, ""},
		{"negative", ann.token, -1, http.StatusBadRequest, "returns"},
		{"too many", ann.token, 99, http.StatusBadRequest, "returns"},
		{"a later follower", bob.token, 4, http.StatusConflict, "first follower"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := e.call("PUT", path, tt.token, map[string]any{"returns": tt.returns})
			if (status >= 300) != (tt.status >= 300) || (tt.status >= 300 && status != tt.status) || !strings.Contains(string(body), tt.says) {
				t.Errorf("PUT returns %v: %d %s, want %d naming %q", tt.returns, status, body, tt.status, tt.says)
			}
		})
	}
	if p, _ := e.st.Page(context.Background(), page); p.Returns != 3 {
		t.Fatalf("returns = %d after the API calls, want 3 (the refused ones not stored)", p.Returns)
	}
	b := e.browser()
	b.login(ann)
	form := url.Values{"csrf": {b.csrf()}, "threshold": {"significant"}, "frequency": {"daily"}, "owner": {"1"}, "kinds": {"text"}, "returns": {"five"}}
	if status, _, html := b.post(fmt.Sprintf("/pages/%d/settings", page), form); status != http.StatusBadRequest || !strings.Contains(html, "five") {
		t.Errorf("form with returns five: %d, want 400 naming it", status)
	}
	form.Set("returns", "5")
	if status, _, _ := b.post(fmt.Sprintf("/pages/%d/settings", page), form); status != http.StatusSeeOther {
		t.Errorf("form with returns 5: %d, want a redirect", status)
	}
	if p, _ := e.st.Page(context.Background(), page); p.Returns != 5 {
		t.Errorf("returns = %d after the form, want 5", p.Returns)
	}
	if _, _, html := b.get(fmt.Sprintf("/pages/%d", page)); !strings.Contains(html, `name="returns" min="0" max="16" value="5"`) {
		t.Errorf("the page's form does not show the setting")
	}
}

// TestPageViewShowsLearnedNoise checks that the page's view and API show
// the blocks the monitor learned to be noise.
func TestPageViewShowsLearnedNoise(t *testing.T) {
	e := newEnv(t, Config{})
	ann, bob := e.user("ann"), e.user("bob")
	page, _ := pageWithChange(t, e, ann, bob)
	b := e.browser()
	b.login(ann)
	if _, _, html := b.get(fmt.Sprintf("/pages/%d", page)); !strings.Contains(html, "<dt>Learned noise</dt><dd>none</dd>") {
		t.Errorf("a page with no learned noise does not say so")
	}
	stats := change.NoiseStats{Fetches: 10, Changed: map[string]int{"body/p.clock:0": 9, "body/p:1": 2}}
	raw, _ := json.Marshal(stats)
	mustIngestNoise(t, e, page, raw)
	if _, _, html := b.get(fmt.Sprintf("/pages/%d", page)); !strings.Contains(html, "1 item(s)") || !strings.Contains(html, "<code>body/p.clock:0</code>") || strings.Contains(html, "body/p:1") {
		t.Errorf("the page's view does not show the learned block alone")
	}
	status, body := e.call("GET", fmt.Sprintf("/api/pages/%d", page), ann.token, nil)
	if status != http.StatusOK || !strings.Contains(string(body), `"noise":[{"key":"block:body/p.clock:0","kind":"block","target":"body/p.clock:0"}]`) {
		t.Errorf("GET the page: %d, no noise in %.300s", status, body)
	}
}

// TestPageViewUndoesLearnedNoise checks that the page's owner, and no
// other follower, can undo a learned noise item from the page's view, and
// that the undone item is kept with the page and no longer listed.
func TestPageViewUndoesLearnedNoise(t *testing.T) {
	e := newEnv(t, Config{})
	ann, bob := e.user("ann"), e.user("bob")
	page, _ := pageWithChange(t, e, ann, bob)
	t0 := testNow.Add(2 * time.Hour)
	stats := change.NoiseStats{Fetches: 10, Numbers: map[string]int{"body/p#views:0": 9}, Params: map[string]int{"v": 9}, ParamSeen: map[string]int{"v": 9},
		Since: map[string]time.Time{"numbers:body/p#views:0": t0, "param:v": t0}}
	raw, _ := json.Marshal(stats)
	mustIngestNoise(t, e, page, raw)
	owner, other := e.browser(), e.browser()
	owner.login(ann)
	other.login(bob)
	path := fmt.Sprintf("/pages/%d", page)
	if _, _, html := owner.get(path); !strings.Contains(html, "2 item(s)") || strings.Count(html, `action="`+path+`/noise/forget"`) != 2 || !strings.Contains(html, "since "+t0.UTC().Format("2006-01-02 15:04")) {
		t.Fatalf("the owner's view does not list the two items with their undo forms: %s", html)
	}
	if _, _, html := other.get(path); strings.Contains(html, "/noise/forget") || !strings.Contains(html, "<code>v</code>") {
		t.Errorf("another follower sees the items without undo forms? %s", html)
	}
	tests := []struct {
		name   string
		b      *browser
		key    string
		status int
	}{
		{"another follower", other, "param:v", http.StatusConflict},
		{"not a key", owner, "colour:red", http.StatusBadRequest},
		{"not learned", owner, "param:sid", http.StatusNotFound},
		{"the owner", owner, "param:v", http.StatusSeeOther},
	}
	for _, tt := range tests {
		form := url.Values{"csrf": {tt.b.csrf()}, "key": {tt.key}}
		if status, _, html := tt.b.post(path+"/noise/forget", form); status != tt.status {
			t.Errorf("%s: status %d, want %d: %.300s", tt.name, status, tt.status, html)
		}
	}
	p, err := e.st.Page(context.Background(), page)
	if err != nil || fmt.Sprint(p.NoiseForgotten) != "[param:v]" {
		t.Fatalf("the page keeps undone %v, %v; want [param:v]", p.NoiseForgotten, err)
	}
	if _, _, html := owner.get(path); !strings.Contains(html, "1 item(s)") || strings.Contains(html, "<code>v</code>") {
		t.Errorf("the undone parameter is still listed")
	}
}

// mustIngestNoise stores a fetch of the page that found it unchanged with
// the given noise statistics, as the monitor does.
func mustIngestNoise(t *testing.T, e *env, page int64, noise []byte) {
	t.Helper()
	_, err := e.st.IngestPage(context.Background(), store.PageFetched{FeedID: page,
		Observation: vigil.Observation{At: testNow.Add(3 * time.Hour), Status: 200}, Read: true, Noise: noise},
		func(bool, *vigil.Feed) (*vigil.Feed, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
}
