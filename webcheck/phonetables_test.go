package webcheck

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"vigil/internal/longtest"
)

// hiddenJS lists the tables that do not fit their scrolling box, whose
// right-hand columns a phone hides until the reader scrolls sideways (the
// page itself does not overflow, so overflowJS does not see them).
const hiddenJS = `[...document.querySelectorAll(".scroll")]
  .filter(e => e.scrollWidth > e.clientWidth + 1)
  .map(e => (e.querySelector("table") || e).className + " " + e.scrollWidth + " px in " + e.clientWidth + " px")`

// TestTablesFitOnPhone checks that the tables of the dashboard and of a
// feed's page show every column at phone width, as the feeds table does:
// a failing source's last error must not be squeezed into a column one
// letter wide behind the right edge.
func TestTablesFitOnPhone(t *testing.T) {
	longtest.Need(t)
	path := chromium(t)
	s := newSite(t)
	pr := &problems{}
	ctx := startBrowser(t, path, pr)
	s.login(t, ctx)
	for _, p := range []string{"/", "/dashboard", fmt.Sprintf("/feeds/%d", s.feeds[0]), fmt.Sprintf("/feeds/%d", s.feeds[2])} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 900), chromedp.Navigate(s.url+p), chromedp.WaitReady(`body`)); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		hidden, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](hiddenJS))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, h := range hidden {
			t.Errorf("%s at 390 px: table %s does not fit", p, h)
		}
	}
	for _, msg := range pr.take() {
		t.Error(msg)
	}
}
