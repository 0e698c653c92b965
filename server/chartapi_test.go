package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/policy"
)

// livePlanner returns the monitor's real planner running the accrued
// policy, planned once at now over the one feed f.
func livePlanner(t *testing.T, f vigil.Feed, now time.Time) *policy.Live {
	t.Helper()
	live, err := policy.NewLive("accrued", policy.DefaultConfig, 0.1, 0, 24)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := live.Replan([]vigil.Feed{f}, nil, nil, now); err != nil {
		t.Fatal(err)
	}
	return live
}

// learnedFeed returns a followed feed whose models learned an item every
// 3 hours over the last day, last fetched an hour before now.
func learnedFeed(t *testing.T, f vigil.Feed, now time.Time) vigil.Feed {
	t.Helper()
	models := policy.NewModels(0.1, now.Add(-48*time.Hour))
	for i := range 8 {
		models.Observe(now.Add(time.Duration(i-8)*3*time.Hour), 1, nil)
	}
	b, err := models.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	f.Model, f.Subscribers, f.Weight, f.LastSuccess = b, 1, 1, now.Add(-time.Hour)
	return f
}

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
	feed := learnedFeed(t, *stored, testNow)
	e.ingest(id, &feed, items("post", 3)...)
	if stored, err = e.st.Feed(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	live := livePlanner(t, *stored, testNow)
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
