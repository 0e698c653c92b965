package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"vigil/clock"
)

// TestDiffViewComparesAnyTwoVersions fetches three versions of a page and
// compares the first with the third, in the API and the web UI, in each
// layout; a version of another page, or the same version twice, is refused
// with a clear error.
func TestDiffViewComparesAnyTwoVersions(t *testing.T) {
	e := newEnv(t, Config{})
	ann := e.user("ann")
	page := func(price int, extra string) string {
		return fmt.Sprintf(`<html><body><h1>Desk lamp</h1><p>The desk lamp costs %d EUR.</p>%s<p>It ships within two days.</p></body></html>`, price, extra)
	}
	site := &watchedSite{body: page(40, "")}
	srv := httptest.NewServer(site)
	defer srv.Close()
	other := httptest.NewServer(&watchedSite{body: page(1, "")})
	defer other.Close()
	ctx := context.Background()
	sub, err := e.st.FollowPage(ctx, ann.ID, srv.URL+"/lamp", 1, testNow)
	if err != nil {
		t.Fatal(err)
	}
	sub2, err := e.st.FollowPage(ctx, ann.ID, other.URL+"/other", 1, testNow)
	if err != nil {
		t.Fatal(err)
	}
	clk := clock.NewVirtual(testNow)
	m := newPageMonitor(t, e, clk)
	fetchPage(t, m, e, sub.Feed.ID)
	fetchPage(t, m, e, sub2.Feed.ID)
	for _, body := range []string{page(35, ""), page(35, "<p>Now in green.</p>")} {
		site.set(body)
		clk.Advance(time.Hour)
		fetchPage(t, m, e, sub.Feed.ID)
	}
	versions, err := e.st.Versions(ctx, sub.Feed.ID, 10)
	if err != nil || len(versions) != 3 {
		t.Fatalf("versions %v, %v", versions, err)
	}
	otherVersions, _ := e.st.Versions(ctx, sub2.Feed.ID, 1)
	first, last := versions[2].ID, versions[0].ID
	var list struct {
		Changes []changeJSON `json:"changes"`
	}
	if err := json.Unmarshal(mustCall(t, e, "GET", fmt.Sprintf("/api/changes?page=%d", sub.Feed.ID), ann.token, nil), &list); err != nil || len(list.Changes) != 2 {
		t.Fatalf("changes = %+v, %v", list, err)
	}
	id := list.Changes[0].ID
	var detail struct {
		From, To int64
		Diff     struct{ HTML string }
	}
	path := fmt.Sprintf("/api/changes/%d?from=%d&to=%d&words=0", id, first, last)
	if err := json.Unmarshal(mustCall(t, e, "GET", path, ann.token, nil), &detail); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`<del class="vigil-updated">The desk lamp costs 40 EUR.</del>`, `Now in green.</ins>`, `id="vigil-change-1"`} {
		if !strings.Contains(detail.Diff.HTML, s) || detail.From != first || detail.To != last {
			t.Errorf("from %d to %d lacks %q:\n%s", detail.From, detail.To, s, detail.Diff.HTML)
		}
	}
	for _, bad := range []struct {
		query  string
		status int
		says   string
	}{
		{fmt.Sprintf("from=%d", otherVersions[0].ID), http.StatusNotFound, "is not a version of this page"},
		{fmt.Sprintf("from=%d&to=%d", first, first), http.StatusBadRequest, "from and to are the same version"},
		{"layout=diagonal", http.StatusBadRequest, "layout must be inline or side"},
	} {
		status, body := e.call("GET", fmt.Sprintf("/api/changes/%d?%s", id, bad.query), ann.token, nil)
		if status != bad.status || !strings.Contains(string(body), bad.says) {
			t.Errorf("%s: %d %s, want %d saying %q", bad.query, status, body, bad.status, bad.says)
		}
	}
	b := e.browser()
	b.login(ann)
	for _, layout := range []string{"inline", "side"} {
		status, _, html := b.get(fmt.Sprintf("/changes/%d?from=%d&to=%d&layout=%s&context=all", id, first, last, layout))
		for _, s := range []string{`href="#vigil-change-1"`, "Whole page</strong>", "Now in green."} {
			if status != http.StatusOK || !strings.Contains(html, s) {
				t.Errorf("%s: %d, lacks %q", layout, status, s)
			}
		}
		if strings.Contains(html, `name="q" value="{`) {
			t.Errorf("%s: the layout leaks into the search box", layout)
		}
	}
}
