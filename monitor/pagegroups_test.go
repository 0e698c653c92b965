package monitor

import (
	"context"
	"strings"
	"testing"
	"time"

	"vigil/store"
)

// TestFetchPageGroupChanges fetches a page daily over five weeks from
// Monday 2 March 2026 while it changes on some days: the weekly group sees
// one change per week whose reference (the version its first fetch found)
// differs from the next week's, the monthly group one when April opens.
func TestFetchPageGroupChanges(t *testing.T) {
	h := newHarness(t, Config{})
	srv, sw := serve(t, html(pageV1))
	f := h.followPage(srv.URL + "/jobs")
	edits := map[int]string{ // day (0 = Monday 2 March) → the new opening
		2:  "a cook",   // week 1, Wednesday
		3:  "a driver", // week 1, Thursday: the week's two edits make one weekly change
		16: "a nurse",  // week 3
		30: "a baker",  // Wednesday 1 April: opens April, week 5
	}
	for day := 0; day <= 34; day++ {
		if who, ok := edits[day]; ok {
			sw.set(html(strings.Replace(pageV1, "a gardener", who, 1)))
		}
		h.fetch(f.ID)
		h.clk.Advance(24 * time.Hour)
	}
	count := func(group string) int {
		t.Helper()
		cs, err := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID, Group: group})
		if err != nil {
			t.Fatal(err)
		}
		return len(cs)
	}
	// Weekly references: week 1 gardener, week 2 driver, week 3 driver
	// (the nurse came on Wednesday), week 4 nurse, week 5 nurse (the baker
	// came on Wednesday), so changes open weeks 2 and 4.
	// Monthly: March's reference gardener, April's (1 April's fetch) baker.
	for _, tt := range []struct {
		group string
		want  int
	}{{"daily", 4}, {"weekly", 2}, {"monthly", 1}} {
		if got := count(tt.group); got != tt.want {
			t.Errorf("%s group: %d changes, want %d", tt.group, got, tt.want)
		}
	}
}
