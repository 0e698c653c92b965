package monitor

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"vigil/policy"
)

// TestRunOnceReusesAFreshPlan runs `vigil fetch` cycles, each with a new
// accrued planner as a new process has: a cycle within a day of the last
// re-plan, over the same feeds, takes the stored plan back instead of
// re-planning, and fetches as the planning process would; a new
// subscription, a changed weight or a day's age makes it re-plan.
func TestRunOnceReusesAFreshPlan(t *testing.T) {
	h := newHarness(t, Config{})
	ctx := context.Background()
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		now := h.clk.Now().Truncate(time.Hour)
		body(rss("", rssItem{fmt.Sprint(now.Unix()), "x", "y"}, rssItem{fmt.Sprint(now.Add(-time.Hour).Unix()), "x", "y"}))(w, r)
	})
	process := func() *policy.Live {
		live, err := policy.NewLive("accrued", policy.Config{MinInterval: 5 * time.Minute, MaxInterval: 24 * time.Hour, Seed: 1}, 0.1, 0, 24)
		if err != nil {
			t.Fatal(err)
		}
		h.mon.planner = live
		return live
	}
	planned := func() time.Time {
		_, at, err := h.st.PlanState(ctx, "accrued")
		if err != nil {
			t.Fatal(err)
		}
		return at
	}
	a, b := h.subscribe(srv.URL+"/a"), h.subscribe(srv.URL+"/b")
	for range 6 { // a few cycles an hour apart, so the models learn
		process()
		if _, err := h.mon.RunOnce(ctx, true); err != nil {
			t.Fatal(err)
		}
		h.clk.Advance(time.Hour)
	}
	first := process()
	h.mon.replan(ctx, h.clk.Now())
	at := h.clk.Now()
	steps := []struct {
		name    string
		change  func()
		advance time.Duration
		replans bool
	}{
		{"an hour later, nothing changed", func() {}, time.Hour, false},
		{"23 hours later", func() {}, 22 * time.Hour, false},
		{"a new subscription", func() { h.subscribe(srv.URL + "/c") }, time.Minute, true},
		{"a weight changed", func() {
			if _, err := h.st.Subscribe(ctx, h.user.ID, srv.URL+"/c", 3, h.clk.Now()); err != nil {
				t.Fatal(err)
			}
		}, time.Minute, true},
		{"a day after the last plan", func() {}, 24 * time.Hour, true},
	}
	for i, s := range steps {
		s.change()
		h.clk.Advance(s.advance)
		live := process()
		if _, err := h.mon.RunOnce(ctx, false); err != nil {
			t.Fatal(err)
		}
		if s.replans {
			at = h.clk.Now()
		}
		if got := planned(); !got.Equal(at) {
			t.Fatalf("%s: stored plan made at %v, want %v (re-plan: %v)", s.name, got, at, s.replans)
		}
		if i == 0 {
			for _, id := range []int64{a.ID, b.ID} {
				f := h.feed(id)
				if got, want := live.Next(&f, h.clk.Now()), first.Next(&f, h.clk.Now()); !got.Equal(want) {
					t.Errorf("feed %d: the reused plan fetches at %v, the planning process at %v", id, got, want)
				}
			}
		}
	}
}
