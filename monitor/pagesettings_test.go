package monitor

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"vigil/store"
)

// TestFetchPageSettingsApplyToBothVersions sets an ignore rule (or a
// selector) between two fetches: the next fetch must compare both versions
// as the page is now watched, so a change only in what is now ignored (or
// outside the selected region) is no change. Before the fix the previous
// version's extract, stored under the old settings, was compared with the
// new one and the ignored counter counted as a change.
func TestFetchPageSettingsApplyToBothVersions(t *testing.T) {
	page := func(visitors int) string {
		return fmt.Sprintf(`<html><body><div id="main"><h1>Timetable</h1><p>Trains leave every hour from platform two.</p></div>`+
			`<p>Visitors: %d</p></body></html>`, visitors)
	}
	tests := []struct {
		name string
		set  func(h *harness, id int64) error
	}{
		{"ignore rule", func(h *harness, id int64) error {
			return h.st.SetPageIgnore(context.Background(), h.user.ID, id, []string{`^Visitors: \d+$`})
		}},
		{"selector", func(h *harness, id int64) error {
			return h.st.SetPageSelector(context.Background(), h.user.ID, id, "#main")
		}},
		{"selector matching nothing keeps the ignore rule", func(h *harness, id int64) error {
			if err := h.st.SetPageIgnore(context.Background(), h.user.ID, id, []string{`^Visitors: \d+$`}); err != nil {
				return err
			}
			return h.st.SetPageSelector(context.Background(), h.user.ID, id, "#nothing")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, Config{})
			srv, sw := serve(t, html(page(1)))
			f := h.followPage(srv.URL + "/timetable")
			h.fetch(f.ID)
			if err := tt.set(h, f.ID); err != nil {
				t.Fatal(err)
			}
			sw.set(html(page(2))) // only the visitor counter changed
			h.clk.Advance(time.Hour)
			h.fetch(f.ID)
			if changes, _ := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID}); len(changes) != 0 {
				t.Errorf("a new visitor count made %d change(s): %s", len(changes), changes[0].Summary)
			}
		})
	}
}

// TestFetchPageTemporaryMoveIsSilent follows a 302 (Glance et al. §3.1.4:
// only permanent moves are told): the page keeps its URL and nobody hears
// of it.
func TestFetchPageTemporaryMoveIsSilent(t *testing.T) {
	h := newHarness(t, Config{})
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			http.Redirect(w, r, "/elsewhere", http.StatusFound)
			return
		}
		html(pageV1)(w, r)
	})
	f := h.followPage(srv.URL + "/old")
	res, got := h.fetch(f.ID)
	if res.MovedTo != "" || got.URL != srv.URL+"/old" || h.page(f.ID).Versions != 1 {
		t.Errorf("after a 302: moved to %q, URL %q, want the page kept at its URL with a version", res.MovedTo, got.URL)
	}
	if n, _ := h.st.Notices(context.Background(), h.user.ID); len(n) != 0 {
		t.Errorf("a temporary move was told: %+v", n)
	}
}
