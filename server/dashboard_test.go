package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"vigil"
)

// TestDashboard checks the dashboard: the budget against its limit, the
// fetches chart, a failing feed the visitor follows named with its error,
// and one only another user follows counted but not named; a failing
// feed nobody follows any more is counted apart, not among the failing.
func TestDashboard(t *testing.T) {
	e := newEnv(t, Config{BudgetPerHour: 40})
	alice, bob := e.user("alice"), e.user("bob")
	mine := e.follow(alice, "https://example.com/mine")
	theirs := e.follow(bob, "https://secret.example.org/theirs")
	e.ingest(mine, &vigil.Feed{Failures: 2, LastStatus: 500, LastError: "the server answered 500", FailingSince: testNow.Add(-time.Hour)}, items("a", 2)...)
	e.ingest(theirs, &vigil.Feed{Failures: 1, LastError: "connection refused"}, items("b", 1)...)
	carol := e.user("carol")
	left := e.follow(carol, "https://left.example.org/feed")
	e.ingest(left, &vigil.Feed{Failures: 3, LastError: "timeout"}, items("c", 1)...)
	if err := e.st.Unsubscribe(t.Context(), carol.ID, left); err != nil {
		t.Fatal(err)
	}

	b := e.browser()
	b.login(alice)
	status, _, page := b.get("/dashboard")
	if status != http.StatusOK {
		t.Fatalf("status %d:\n%s", status, page)
	}
	tests := []struct {
		what, want string
		present    bool
	}{
		{"budget used", "3 of 40 fetches used in the last hour", true},
		{"fetches chart", "<title>Fetches per hour</title>", true},
		{"limit line", "budget limit", true},
		{"own failing feed", "the server answered 500", true},
		{"others' failing feeds counted", "1 more failing feeds are followed by other people only.", true},
		{"feeds followed", "<dd>2 · ", true},
		{"the feed nobody follows counted apart", "(and 1 nobody follows any more, no longer fetched)", true},
		{"others' feed never named", "secret.example.org", false},
		{"others' error never shown", "connection refused", false},
	}
	for _, tt := range tests {
		if strings.Contains(page, tt.want) != tt.present {
			t.Errorf("%s: contains %q = %v, want %v", tt.what, tt.want, !tt.present, tt.present)
		}
	}
}
