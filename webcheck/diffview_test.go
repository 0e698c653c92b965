package webcheck

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"vigil/internal/longtest"
	"vigil/store"
)

// watchedPage serves version v of a page of 60 paragraphs; version 2
// edits a word of paragraph 10 and one of paragraph 50, and adds a long
// unbroken word that must wrap rather than widen the page.
type watchedPage struct{ v atomic.Int32 }

func (p *watchedPage) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><title>Lamp catalogue</title></head><body><main>")
	for i := range 60 {
		text := fmt.Sprintf("Paragraph %d describes lamp number %d, its oak stand and its linen shade.", i, i)
		if p.v.Load() == 2 && (i == 10 || i == 50) {
			text = strings.Replace(text, "linen", "cotton", 1) + " " + strings.Repeat("unbroken", 30)
		}
		fmt.Fprintf(&b, "<p>%s</p>", text)
	}
	b.WriteString("</main></body></html>")
	io.WriteString(w, b.String())
}

// boxesJS returns the old and new columns' first boxes [left, top, right,
// bottom] of a side-by-side diff view.
const boxesJS = `[".vigil-old", ".vigil-new"].map(s => { const r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })`

// anchorJS returns the location's hash and whether its target's top is
// within the viewport.
const anchorJS = `(() => { const e = document.getElementById(location.hash.slice(1)); if (!e) return location.hash + " (no element)";
  const t = e.getBoundingClientRect().top; return location.hash + (t >= 0 && t < innerHeight ? "" : " (off screen at " + t + ")"); })()`

// TestDiffViewInChromium checks a watched page's diff view at phone and
// desktop widths in each layout: no horizontal overflow, no console
// error, the jump link and the anchors reach the changes, side by side
// is two readable columns at 1280 px and stacks at 390 px.
func TestDiffViewInChromium(t *testing.T) {
	longtest.Need(t)
	path := chromium(t)
	s := newSite(t)
	changeID := s.watchChange(t)
	pr := &problems{}
	ctx := startBrowser(t, path, pr)
	shots := os.Getenv("VIGIL_SCREENSHOTS")
	s.login(t, ctx)
	base := fmt.Sprintf("/changes/%d", changeID)
	for _, w := range widths {
		for _, q := range []string{"", "?layout=side", "?context=all", "?context=all&layout=side", "?words=0"} {
			s.check(t, ctx, pr, w, page{base + q, 0}, shots)
		}
		s.checkSides(t, ctx, w, base+"?layout=side")
	}
	s.checkJumps(t, ctx, base+"?context=all")
}

// watchChange makes the user follow the watched page, fetches two
// versions of it and returns the change's ID.
func (s *site) watchChange(t *testing.T) int64 {
	t.Helper()
	ctx := context.Background()
	src := &watchedPage{}
	src.v.Store(1)
	srv := httptest.NewServer(src)
	t.Cleanup(srv.Close)
	sub, err := s.st.FollowPage(ctx, s.user.ID, srv.URL+"/lamps", 1, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	mon, _ := newMonitor(t, s.st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	for v := range int32(2) {
		src.v.Store(v + 1)
		f, err := s.st.Feed(ctx, sub.Feed.ID)
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.st.Page(ctx, sub.Feed.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := mon.FetchPage(ctx, *f, p); err != nil {
			t.Fatal(err)
		}
	}
	changes, err := s.st.Changes(ctx, store.ChangeQuery{UserID: s.user.ID, FeedID: sub.Feed.ID, Limit: 1})
	if err != nil || len(changes) != 1 {
		t.Fatalf("changes %v, %v: want the edit", changes, err)
	}
	return changes[0].ID
}

// checkSides checks that the side-by-side columns stand side by side,
// each readable (over 400 px), at 1280 px, and stack at 390 px.
func (s *site) checkSides(t *testing.T, ctx context.Context, width int64, path string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900), chromedp.Navigate(s.url+path), chromedp.WaitReady(`body`)); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	boxes, err := chromedp.Run(ctx, chromedp.Evaluate[[][]float64](boxesJS))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	old, cur := boxes[0], boxes[1]
	beside := cur[0] >= old[2]-1 && cur[1] < old[3]
	stacked := cur[1] >= old[3]-1
	switch {
	case width >= 1280 && (!beside || old[2]-old[0] < 400 || cur[2]-cur[0] < 400):
		t.Errorf("%s at %d px: columns %v and %v are not side by side and readable", path, width, old, cur)
	case width < 700 && !stacked:
		t.Errorf("%s at %d px: columns %v and %v do not stack", path, width, old, cur)
	}
}

// checkJumps clicks the jump link, then the first change's anchor, and
// checks that each lands on its change, on screen.
func (s *site) checkJumps(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	steps := []struct{ click, want string }{{"a.diff-jump", "#vigil-change-1"}, {"#vigil-change-1", "#vigil-change-2"}, {"#vigil-change-2", "#vigil-change-1"}}
	for _, w := range widths {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900), chromedp.Navigate(s.url+path), chromedp.WaitReady(`body`)); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, st := range steps {
			if err := chromedp.Do(ctx, chromedp.Click(st.click)); err != nil {
				t.Fatalf("clicking %s: %v", st.click, err)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[string](anchorJS))
			if err != nil {
				t.Fatal(err)
			}
			if got != st.want {
				t.Errorf("at %d px, clicking %s led to %q, want %s on screen", w, st.click, got, st.want)
			}
		}
	}
}
