package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestFeedChartEndpoints checks the charts from the API and the page
// route: SVG with data marks for a follower, 400 for an unknown kind, 404
// for someone who does not follow the feed, and the feed page showing all
// three charts inline with their text alternatives.
func TestFeedChartEndpoints(t *testing.T) {
	e := newEnv(t, Config{})
	alice, bob := e.user("alice"), e.user("bob")
	id := e.follow(alice, "https://example.com/feed")
	e.ingest(id, nil, items("post", 3)...)

	tests := []struct {
		name, path, token string
		status            int
		want              string
	}{
		{"daily", fmt.Sprintf("/api/feeds/%d/chart.svg?kind=daily", id), alice.token, http.StatusOK, "<circle "},
		{"default kind", fmt.Sprintf("/api/feeds/%d/chart.svg", id), alice.token, http.StatusOK, "Daily pattern"},
		{"weekly", fmt.Sprintf("/api/feeds/%d/chart.svg?kind=weekly", id), alice.token, http.StatusOK, "Weekly pattern"},
		{"observations", fmt.Sprintf("/api/feeds/%d/chart.svg?kind=observations", id), alice.token, http.StatusOK, "1 fetches of"},
		{"unknown kind", fmt.Sprintf("/api/feeds/%d/chart.svg?kind=pie", id), alice.token, http.StatusBadRequest, "unknown chart kind"},
		{"not a follower", fmt.Sprintf("/api/feeds/%d/chart.svg", id), bob.token, http.StatusNotFound, ""},
		{"no token", fmt.Sprintf("/api/feeds/%d/chart.svg", id), "", http.StatusUnauthorized, ""},
	}
	for _, tt := range tests {
		status, body := e.call("GET", tt.path, tt.token, nil)
		if status != tt.status || !strings.Contains(string(body), tt.want) {
			t.Errorf("%s: status %d, want %d with %q:\n%.400s", tt.name, status, tt.status, tt.want, body)
		}
	}

	b := e.browser()
	b.login(alice)
	status, _, page := b.get(fmt.Sprintf("/feeds/%d", id))
	if status != http.StatusOK {
		t.Fatalf("feed page: status %d", status)
	}
	if n := strings.Count(page, "<svg "); n != 3 {
		t.Errorf("feed page has %d charts, want 3", n)
	}
	for _, want := range []string{"<desc>When https://example.com/feed publishes", "<title>Fetches of the last 14 days</title>"} {
		if !strings.Contains(page, want) {
			t.Errorf("feed page lacks %q", want)
		}
	}
	status, _, svg := b.get(fmt.Sprintf("/feeds/%d/chart.svg?kind=observations", id))
	if status != http.StatusOK || !strings.HasPrefix(svg, "<svg ") {
		t.Errorf("page chart route: status %d, body %.100s", status, svg)
	}
}

// TestChartsShowOnlyOwnVisits checks that a feed's charts draw the
// visitor's own visits, to all their feeds (bob) or to this one alone
// (carol), and never another reader's nor looks at another feed (dave).
func TestChartsShowOnlyOwnVisits(t *testing.T) {
	e := newEnv(t, Config{})
	alice, bob, carol, dave := e.user("alice"), e.user("bob"), e.user("carol"), e.user("dave")
	id := e.follow(alice, "https://example.com/feed")
	for _, u := range []tester{bob, carol, dave} {
		e.follow(u, "https://example.com/feed")
	}
	other := e.follow(dave, "https://example.com/other")
	e.ingest(id, nil, items("post", 2)...)
	for d := range 5 {
		at := testNow.Add(-time.Duration(d)*24*time.Hour - 3*time.Hour)
		for _, v := range []struct{ user, feed int64 }{{bob.ID, 0}, {carol.ID, id}, {dave.ID, other}} {
			if err := e.st.RecordAccess(context.Background(), v.user, v.feed, at); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		who  tester
		want bool
	}{
		{alice, false},
		{bob, true},
		{carol, true},
		{dave, false},
	}
	for _, tt := range tests {
		for _, kind := range []string{"daily", "weekly"} {
			_, body := e.call("GET", fmt.Sprintf("/api/feeds/%d/chart.svg?kind=%s", id, kind), tt.who.token, nil)
			if got := strings.Contains(string(body), "your visits"); got != tt.want {
				t.Errorf("%s's %s chart shows visits: %v, want %v", tt.who.Name, kind, got, tt.want)
			}
		}
	}
}
