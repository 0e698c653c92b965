package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"vigil/clock"
)

// TestDiffViewReadsBothVersionsAlike sets an ignore rule between two
// fetches: the diff view must read the older version (stored before the
// rule) with the rule too, so the ignored visitor counter is not shown as
// deleted. Before the fix the stored extracts were diffed as they were.
func TestDiffViewReadsBothVersionsAlike(t *testing.T) {
	e := newEnv(t, Config{})
	ann := e.user("ann")
	page := func(price, visitors int) string {
		return fmt.Sprintf(`<html><head><title>Lamp</title></head><body><h1>Desk lamp</h1>`+
			`<p>The desk lamp costs %d EUR and ships within two days.</p><p>Visitors: %d</p></body></html>`, price, visitors)
	}
	site := &watchedSite{body: page(40, 1)}
	srv := httptest.NewServer(site)
	defer srv.Close()
	sub, err := e.st.FollowPage(context.Background(), ann.ID, srv.URL+"/lamp", 1, testNow)
	if err != nil {
		t.Fatal(err)
	}
	clk := clock.NewVirtual(testNow)
	m := newPageMonitor(t, e, clk)
	fetchPage(t, m, e, sub.Feed.ID)
	mustCall(t, e, "PUT", fmt.Sprintf("/api/pages/%d/settings", sub.Feed.ID), ann.token, map[string]any{"ignore": []string{`^Visitors: \d+$`}})
	site.set(page(35, 2))
	clk.Advance(time.Hour)
	fetchPage(t, m, e, sub.Feed.ID)

	var list struct {
		Changes []changeJSON `json:"changes"`
	}
	if err := json.Unmarshal(mustCall(t, e, "GET", fmt.Sprintf("/api/changes?page=%d", sub.Feed.ID), ann.token, nil), &list); err != nil || len(list.Changes) != 1 {
		t.Fatalf("changes = %+v, %v; want the price change", list, err)
	}
	changes := list.Changes
	var detail changeJSON
	if err := json.Unmarshal(mustCall(t, e, "GET", fmt.Sprintf("/api/changes/%d?words=0", changes[0].ID), ann.token, nil), &detail); err != nil {
		t.Fatal(err)
	}
	html := detail.Diff.HTML
	if strings.Contains(html, "vigil-deleted") || !strings.Contains(html, "Visitors: 2") || !strings.Contains(html, "35 EUR") {
		t.Errorf("diff view shows the ignored counter as a change or misses the price:\n%s", html)
	}
}
