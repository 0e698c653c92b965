package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"vigil/clock"
)

// TestVersionViewResolvesRelativeURLs shows a stored version: its relative
// links and images must point at the watched site, not at vigil. Before
// the fix "/apply" led to vigil's own /apply.
func TestVersionViewResolvesRelativeURLs(t *testing.T) {
	e := newEnv(t, Config{})
	ann := e.user("ann")
	site := &watchedSite{body: `<html><body><p>We hire.</p><a href="/apply">Apply</a><img src="team.png"><script>alert(1)</script></body></html>`}
	srv := httptest.NewServer(site)
	defer srv.Close()
	sub, err := e.st.FollowPage(context.Background(), ann.ID, srv.URL+"/jobs/", 1, testNow)
	if err != nil {
		t.Fatal(err)
	}
	fetchPage(t, newPageMonitor(t, e, clock.NewVirtual(testNow)), e, sub.Feed.ID)
	versions, err := e.st.Versions(context.Background(), sub.Feed.ID, 1)
	if err != nil || len(versions) != 1 {
		t.Fatalf("versions = %v, %v", versions, err)
	}
	b := e.browser()
	b.login(ann)
	status, _, page := b.get(fmt.Sprintf("/versions/%d", versions[0].ID))
	for _, want := range []string{`href="` + srv.URL + `/apply"`, `src="` + srv.URL + `/jobs/team.png"`} {
		if status != http.StatusOK || !strings.Contains(page, want) {
			t.Errorf("version view: %d, no %s:\n%s", status, want, page)
		}
	}
	if strings.Contains(page, "alert(1)") {
		t.Errorf("version view shows the page's script:\n%s", page)
	}
}
