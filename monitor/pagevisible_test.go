package monitor

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"vigil/store"
)

// TestFetchPageMarkupOnlyIsNoChange replays what a real site did: a space
// before a script tag flipping back and forth, and a script's token
// rotating. Each fetch has other bytes, so a version is stored, but no
// change is recorded until the text does change.
func TestFetchPageMarkupOnlyIsNoChange(t *testing.T) {
	page := func(space, token, news string) string {
		return `<!DOCTYPE html><html><head><title>News</title></head><body><h1>News</h1><p>` + news +
			`</p>` + space + `<script>var token = "` + token + `";</script><a href="/more">More</a></body></html>`
	}
	h := newHarness(t, Config{})
	srv, sw := serve(t, html(page("", "a1", "The park opens on Monday.")))
	f := h.followPage(srv.URL + "/news")
	h.fetch(f.ID)
	for i, v := range []string{page(" ", "a1", "The park opens on Monday."), page("", "b2", "The park opens on Monday."), page(" ", "c3", "The park opens on Monday.")} {
		sw.set(html(v))
		h.clk.Advance(time.Hour)
		if res, _ := h.fetch(f.ID); res.Updated != 0 {
			t.Errorf("markup-only fetch %d: %+v, want no change", i, res)
		}
	}
	if p := h.page(f.ID); p.Versions != 4 {
		t.Errorf("versions = %d, want 4 (every fetch had other bytes)", p.Versions)
	}
	sw.set(html(page("", "d4", "The park opens on Tuesday.")))
	h.clk.Advance(time.Hour)
	if res, _ := h.fetch(f.ID); res.Updated != 1 {
		t.Errorf("fetch with new text: %+v, want one change", res)
	}
	changes, err := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID})
	if err != nil || len(changes) != 1 {
		t.Fatalf("changes = %d, %v; want the text change alone", len(changes), err)
	}
}

// TestFetchPageFlipFlopIsToldOnce replays a page flipping between two
// states: the first flip is a change, every later one a return (the
// state before the previous one shown again).
func TestFetchPageFlipFlopIsToldOnce(t *testing.T) {
	page := func(banner string) string {
		return `<html><body><h1>Library</h1><p>Open from nine to five, Monday to Saturday.</p><p>` + banner + `</p></body></html>`
	}
	a, b := page("Closed on Sunday."), page("Reading room closed for works.")
	h := newHarness(t, Config{})
	srv, sw := serve(t, html(a))
	f := h.followPage(srv.URL + "/library")
	h.fetch(f.ID)
	for _, v := range []string{b, a, b, a, b} {
		sw.set(html(v))
		h.clk.Advance(time.Hour)
		h.fetch(f.ID)
	}
	changes, err := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID})
	if err != nil || len(changes) != 5 {
		t.Fatalf("changes = %d, %v; want 5 recorded", len(changes), err)
	}
	returns := 0
	for i, c := range changes { // newest first
		var e struct {
			Return int `json:"return"`
		}
		if err := json.Unmarshal(c.Extents, &e); err != nil {
			t.Fatal(err)
		}
		if e.Return > 0 {
			returns++
			if e.Return != 2 || !strings.HasPrefix(c.Summary, "back to the state of 2 versions ago") {
				t.Errorf("change %d: return %d, summary %q", i, e.Return, c.Summary)
			}
		}
	}
	if returns != 4 {
		t.Errorf("returns = %d of 5 changes, want 4: the first flip alone is new", returns)
	}
}
