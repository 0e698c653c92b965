package webcheck

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"vigil"
	"vigil/internal/longtest"
)

// TestItemKeysInChromium presses the item list's keys in the browser: j
// three times, k once, then s stars the second item, m marks it read, and
// o opens it.
func TestItemKeysInChromium(t *testing.T) {
	longtest.Need(t)
	path := chromium(t)
	s := newSite(t)
	pr := &problems{}
	ctx := startBrowser(t, path, pr)
	s.login(t, ctx)
	listed, err := s.st.Items(context.Background(), vigil.ItemQuery{UserID: s.user.ID, Limit: 2})
	if err != nil || len(listed) < 2 {
		t.Fatalf("want two items, have %d (%v)", len(listed), err)
	}
	second := listed[1]
	if err := chromedp.Do(ctx, chromedp.Navigate(s.url+"/items"), chromedp.WaitReady(`ul.items`),
		chromedp.KeyEvent("j"), chromedp.KeyEvent("j"), chromedp.KeyEvent("j"), chromedp.KeyEvent("k"), chromedp.KeyEvent("s")); err != nil {
		t.Fatal(err)
	}
	s.waitItem(t, second.ID, func(it vigil.Item) bool { return it.Starred }, "starred by s")
	if err := chromedp.Do(ctx, chromedp.WaitVisible(`li.item.current`), chromedp.KeyEvent("m")); err != nil {
		t.Fatal(err)
	}
	s.waitItem(t, second.ID, func(it vigil.Item) bool { return it.Read }, "marked read by m")
	if err := chromedp.Do(ctx, chromedp.WaitVisible(`li.item.current`), chromedp.KeyEvent("o"), chromedp.WaitVisible(`article`)); err != nil {
		t.Fatal(err)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil || !strings.HasSuffix(loc, "/items/"+strconv.FormatInt(second.ID, 10)) {
		t.Errorf("o went to %q (%v), want the second item", loc, err)
	}
	for _, msg := range pr.take() {
		t.Error(msg)
	}
}

// waitItem waits up to 10 s for the user's item id to meet cond.
func (s *site) waitItem(t *testing.T, id int64, cond func(vigil.Item) bool, what string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		it, err := s.st.Item(context.Background(), s.user.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		if cond(*it) {
			return
		}
	}
	t.Fatalf("item %d was not %s", id, what)
}
