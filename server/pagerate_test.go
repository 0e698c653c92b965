package server

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/policy"
	"vigil/server/internal/plantest"
)

// pageAfterOneChange returns the state the monitor stores for a page
// fetched twice, 12 seconds apart, whose second fetch found a change: its
// models from policy.Live with the change-only rate of that one check,
// 300 an hour.
func pageAfterOneChange(t *testing.T) *vigil.Feed {
	t.Helper()
	first := testNow.Add(-time.Hour)
	m := policy.NewModels(0.1, first)
	m.Observe(first, 0, nil)
	m.Observe(first.Add(12*time.Second), 1, nil)
	b, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	f := &vigil.Feed{Model: b, LastSuccess: first.Add(12 * time.Second)}
	live, err := policy.NewLive("accrued", policy.DefaultConfig, 0.1, 0, 24)
	if err != nil {
		t.Fatal(err)
	}
	if err := live.SetChangeRate(f, 3600/12.0); err != nil {
		t.Fatal(err)
	}
	return f
}

// expectedDelay is the dashboard's install-wide expected delay.
var expectedDelay = regexp.MustCompile(`<dt>Expected delay</dt><dd>([^<]*)</dd>`)

// TestPageRateNeedsEvidence follows a feed with a learned rate and a page
// after its first change: the page's rate from one check is not shown as
// "about 300 an hour", the dashboard counts its changes as no new items,
// and the install's expected delay is the feed's alone.
func TestPageRateNeedsEvidence(t *testing.T) {
	dashboard := func(withPage bool) (string, string) {
		e := newEnv(t, Config{BudgetPerHour: 40})
		alice := e.user("alice")
		feedID := e.follow(alice, "https://example.com/feed")
		learned := plantest.LearnedFeed(t, vigil.Feed{ID: feedID}, testNow)
		e.ingest(feedID, &vigil.Feed{Model: learned.Model, Rate: 1.0 / 3, LastSuccess: testNow.Add(-time.Hour)}, items("a", 1)...)
		var feedPage string
		b := e.browser()
		b.login(alice)
		if withPage {
			sub, err := e.st.FollowPage(context.Background(), alice.ID, "https://example.com/hours", 1, testNow)
			if err != nil {
				t.Fatal(err)
			}
			for range 6 { // fetched more often than the feed: its own delay is shorter
				e.ingest(sub.Feed.ID, pageAfterOneChange(t))
			}
			_, _, feedPage = b.get(fmt.Sprintf("/pages/%d", sub.Feed.ID))
		}
		status, _, page := b.get("/dashboard")
		if status != http.StatusOK {
			t.Fatalf("dashboard: %d\n%s", status, page)
		}
		return page, feedPage
	}
	alone, _ := dashboard(false)
	page, feedPage := dashboard(true)
	if !strings.Contains(feedPage, "not known yet (1 of 5 checks)") || strings.Contains(feedPage, "300 an hour") {
		t.Errorf("a page after one check shows a rate:\n%s", feedPage)
	}
	if strings.Contains(page, "7200.00") || !strings.Contains(page, `data-label="New items a day">page</td>`) {
		t.Errorf("the dashboard counts the page's changes as new items:\n%s", page)
	}
	a, p := expectedDelay.FindStringSubmatch(alone), expectedDelay.FindStringSubmatch(page)
	if a == nil || p == nil || a[1] != p[1] {
		t.Errorf("expected delay with the page %q, without %q: the page skews it", p, a)
	}
}
