package monitor

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/change"
	"vigil/store"
)

// TestFetchPageLearnsCountersAndRotatingLinks serves a page whose view
// counter, tracking link and cache-buster change at every serve over a
// loopback server into a real SQLite store: the tracking link is never a
// change, the counter and the cache-buster are told only until they are
// learned, then the one real change is told alone; once the owner undoes
// the counter it is told again.
func TestFetchPageLearnsCountersAndRotatingLinks(t *testing.T) {
	page := func(i int, news string) string {
		return fmt.Sprintf(`<html><body><h1>Town library</h1><p id="news">%s</p><p id="views">%d views</p>`+
			`<a href="/events?utm_source=home&amp;utm_campaign=c%d">Events</a><a href="/site.css?v=%x">Style</a></body></html>`,
			news, 1000+7*i, i, 0xbeef00+i)
	}
	h := newHarness(t, Config{})
	srv, sw := serve(t, html(page(0, "Open as usual.")))
	f := h.followPage(srv.URL + "/")
	h.fetch(f.ID)
	var told []int
	for i := 1; i <= 11; i++ {
		news := "Open as usual."
		if i >= 9 {
			news = "Closed on Friday for works."
		}
		sw.set(html(page(i, news)))
		h.clk.Advance(time.Hour)
		if res, _ := h.fetch(f.ID); res.Updated != 0 {
			told = append(told, i)
		}
	}
	// Learned after the fifth compared fetch (change.NoiseOptions
	// MinFetches), so fetches 1 to 5 are changes; then only the news.
	if want := []int{1, 2, 3, 4, 5, 9}; fmt.Sprint(told) != fmt.Sprint(want) {
		t.Errorf("changes at fetches %v, want %v", told, want)
	}
	p := h.page(f.ID)
	var keys []string
	for _, it := range store.PageNoise(p) {
		keys = append(keys, it.Key)
		if !it.Since.Equal(t0.Add(5 * time.Hour)) {
			t.Errorf("%s learned at %v, want the fifth fetch's time", it.Key, it.Since)
		}
	}
	if want := "numbers:body/p#views:0 param:v"; strings.Join(keys, " ") != want {
		t.Errorf("learned %q, want %q (the tracker is left out by the fixed rule, never learned)", keys, want)
	}
	changes, err := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID})
	if err != nil || len(changes) != 6 || !strings.Contains(changes[0].Summary, "text changed") {
		t.Fatalf("changes = %d, %v; want 6, the news last", len(changes), err)
	}
	if err := h.st.SetPageNoiseForgotten(context.Background(), h.user.ID, f.ID, []string{"numbers:body/p#views:0"}); err != nil {
		t.Fatal(err)
	}
	for i := 12; i <= 13; i++ {
		sw.set(html(page(i, "Closed on Friday for works.")))
		h.clk.Advance(time.Hour)
		if res, _ := h.fetch(f.ID); res.Updated != 1 {
			t.Errorf("fetch %d after the counter was undone: %+v, want its change told", i, res)
		}
	}
	if p := h.page(f.ID); len(store.PageNoise(p)) != 1 || strings.Contains(fmt.Sprint(p.NoiseForgotten), "param") {
		t.Errorf("after the undo the page lists %+v, undone %v", store.PageNoise(p), p.NoiseForgotten)
	}
}

// TestFetchPageKeepsNumbersAConditionReads checks that a counter is not
// learned while a follower's condition reads a number of the page.
func TestFetchPageKeepsNumbersAConditionReads(t *testing.T) {
	page := func(i int) string {
		return fmt.Sprintf(`<html><body><h1>Lamp</h1><p id="price">%d EUR</p></body></html>`, 100+i)
	}
	h := newHarness(t, Config{})
	srv, sw := serve(t, html(page(0)))
	f := h.followPage(srv.URL + "/lamp")
	if err := h.st.SetPageConditions(context.Background(), h.user.ID, f.ID, []vigil.Condition{{Kind: change.Below, Value: 50}}); err != nil {
		t.Fatal(err)
	}
	h.fetch(f.ID)
	for i := 1; i <= 8; i++ {
		sw.set(html(page(i)))
		h.clk.Advance(time.Hour)
		h.fetch(f.ID)
	}
	if items := store.PageNoise(h.page(f.ID)); len(items) != 0 {
		t.Errorf("learned %+v on a page whose follower watches its number", items)
	}
}
