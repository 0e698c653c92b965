package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"vigil/server/internal/plantest"
)

// TestChartEndpointDrawsThePlan checks the daily chart served for a
// follower draws one mark per planned fetch of the server's planner.
func TestChartEndpointDrawsThePlan(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	id := e.follow(alice, "https://example.com/feed")
	stored, err := e.st.Feed(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	feed := plantest.LearnedFeed(t, *stored, testNow)
	e.ingest(id, &feed, items("post", 3)...)
	if stored, err = e.st.Feed(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	live := plantest.LivePlanner(t, *stored, testNow)
	planned := live.PlannedFetches(*stored, testNow, testNow.Add(24*time.Hour))

	e = newEnvOn(t, e.st, Config{Planner: live})
	status, body := e.call("GET", fmt.Sprintf("/api/feeds/%d/chart.svg?kind=daily", id), alice.token, nil)
	svg := string(body)
	if status != 200 {
		t.Fatalf("status %d: %.300s", status, svg)
	}
	if want := fmt.Sprintf("planned fetches (%d in the next 24 h)", len(planned)); !strings.Contains(svg, want) {
		t.Errorf("no %q in\n%s", want, svg)
	}
	// each planned fetch is a dotted mark line in the plot
	n := 0
	for _, line := range strings.Split(svg, "\n") {
		if strings.HasPrefix(line, `<line class="mark"`) && strings.Contains(line, `stroke-dasharray="2 3"`) {
			n++
		}
	}
	if n != len(planned) {
		t.Errorf("%d dotted marks, the planner plans %d fetches", n, len(planned))
	}
}
