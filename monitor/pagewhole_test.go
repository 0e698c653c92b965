package monitor

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"vigil/internal/courtcal"
	"vigil/store"
)

// TestFetchPageWholeCalendar serves a 2 MB court calendar version by
// version over HTTP: each edit that adds, moves or drops a hearing past
// the first MiB is recorded as a change in the SQLite store, and none of
// the script or markup edits is.
func TestFetchPageWholeCalendar(t *testing.T) {
	versions := courtcal.Series(21, 2<<20, 9, 1<<20)
	h := newHarness(t, Config{})
	srv, sw := serve(t, html(string(versions[0].Body)))
	f := h.followPage(srv.URL + "/calendar")
	h.fetch(f.ID)
	visible := 0
	for i, v := range versions[1:] {
		sw.set(html(string(v.Body)))
		h.clk.Advance(time.Hour)
		res, _ := h.fetch(f.ID)
		want := 0
		if v.Edit.Visible() {
			want, visible = 1, visible+1
		}
		if res.Updated != want {
			t.Errorf("version %d (%s at byte %d): %d changes, want %d", i+1, v.Edit, v.At, res.Updated, want)
		}
	}
	changes, err := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID})
	if err != nil || len(changes) != visible {
		t.Fatalf("changes = %d, %v; want %d", len(changes), err, visible)
	}
	// One hearing among thousands is a negligible share of the text
	// (Glance et al.'s bands), yet it is told, and the page is whole.
	for _, c := range changes {
		if !strings.Contains(c.Summary, "of the text changed") || strings.Contains(c.Summary, "compared") {
			t.Errorf("change %d: %s, %q", c.ID, c.Severity, c.Summary)
		}
	}
}

// TestFetchPageCutTellsALateChange serves a page of endless distinct
// words, more than the extract keeps: a change past what was kept is
// recorded, and its summary says how much of the page was compared.
func TestFetchPageCutTellsALateChange(t *testing.T) {
	page := func(last string) string {
		var b strings.Builder
		b.WriteString("<html><body>")
		for i := 0; b.Len() < 3<<20; i++ {
			fmt.Fprintf(&b, "<p>w%x x%x</p>\n", i, i*7)
		}
		return b.String() + "<p>" + last + "</p></body></html>"
	}
	h := newHarness(t, Config{})
	srv, sw := serve(t, html(page("Hearing moved to Monday.")))
	f := h.followPage(srv.URL + "/words")
	h.fetch(f.ID)
	sw.set(html(page("Hearing moved to Tuesday.")))
	h.clk.Advance(time.Hour)
	if res, _ := h.fetch(f.ID); res.Updated != 1 {
		t.Fatalf("a change past the cut: %+v, want one change", res)
	}
	changes, err := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID})
	if err != nil || len(changes) != 1 {
		t.Fatalf("changes = %d, %v", len(changes), err)
	}
	if s := changes[0].Summary; !strings.Contains(s, "vigil compared the first ") || strings.HasPrefix(s, "no ") {
		t.Errorf("summary %q does not say how much was compared", s)
	}
}
