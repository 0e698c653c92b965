package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store/storetest"
)

// TestAlertRuleLimitsAPI checks that POST /api/alerts refuses a rule over
// each limit with a 400 whose message names the limit, and that GET lists
// a rule stored before the limits that exceeds one as inert, kept.
func TestAlertRuleLimitsAPI(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	tests := []struct {
		name, query string
		code        int
		says        string
	}{
		{"at the size", strings.Repeat("a", vigil.MaxAlertRuleBytes), http.StatusCreated, ""},
		{"over the size", strings.Repeat("a", vigil.MaxAlertRuleBytes+1), http.StatusBadRequest, "the limit is 1024 bytes per rule"},
		{"900 KB", strings.Repeat("launch* ", 115_000), http.StatusBadRequest, "the limit is 1024 bytes per rule"},
		{"over the terms", strings.Repeat("w ", vigil.MaxAlertRuleTerms+1), http.StatusBadRequest, "the limit is 32 terms"},
	}
	for _, tt := range tests {
		code, body := e.call("POST", "/api/alerts", alice.token, map[string]any{"query": tt.query})
		if code != tt.code || !strings.Contains(string(body), tt.says) {
			t.Errorf("%s: %d %.200s, want %d saying %q", tt.name, code, body, tt.code, tt.says)
		}
	}
	for i := 1; i < vigil.MaxAlertRulesPerUser; i++ {
		if code, body := e.call("POST", "/api/alerts", alice.token, map[string]any{"query": fmt.Sprintf("rule%d", i)}); code != http.StatusCreated {
			t.Fatalf("rule %d: %d %s", i+1, code, body)
		}
	}
	code, body := e.call("POST", "/api/alerts", alice.token, map[string]any{"query": "one more"})
	if code != http.StatusBadRequest || !strings.Contains(string(body), "the limit is 100 rules per user") {
		t.Errorf("rule 101: %d %s, want 400 naming the limit", code, body)
	}
	bob := e.user("bob")
	insertRule(t, e, bob.ID, strings.Repeat("launch ", 300))
	code, body = e.call("GET", "/api/alerts", bob.token, nil)
	var rules []vigil.AlertRule
	if code != http.StatusOK || json.Unmarshal(body, &rules) != nil || len(rules) != 1 ||
		len(rules[0].Query) != 2100 || !strings.Contains(rules[0].Inert, "the limit is 1024 bytes per rule") {
		t.Errorf("bob's rules: %d %.300s, want the long rule kept and inert", code, body)
	}
}

// TestAlertRuleLimitsSettingsPage checks that the settings form refuses a
// rule over a limit saying which, and lists a stored over-limit rule as
// inert, shortened.
func TestAlertRuleLimitsSettingsPage(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	b := e.browser()
	b.login(alice)
	csrf := b.csrf()
	for _, tc := range []struct{ query, says string }{
		{strings.Repeat("a", vigil.MaxAlertRuleBytes+1), "the limit is 1024 bytes per rule"},
		{strings.Repeat("w ", vigil.MaxAlertRuleTerms+1), "the limit is 32 terms"},
	} {
		status, _, body := b.post("/settings/alerts", url.Values{"csrf": {csrf}, "query": {tc.query}})
		if status != http.StatusBadRequest || !strings.Contains(body, "Could not save the alert form") || !strings.Contains(body, tc.says) {
			t.Errorf("query of %d bytes: %d, want 400 saying %q", len(tc.query), status, tc.says)
		}
	}
	insertRule(t, e, alice.ID, strings.Repeat("launch ", 300))
	_, _, page := b.get("/settings")
	for _, want := range []string{"Inert: matches nothing: alert rule is 2099 bytes long", "… (2100 bytes)", `maxlength="1024"`, "At most 1024 bytes and 32 terms a rule, 100 rules in all"} {
		if !strings.Contains(page, want) {
			t.Errorf("the settings page lacks %q", want)
		}
	}
	if strings.Contains(page, strings.Repeat("launch ", 40)) {
		t.Error("the settings page shows the long rule in full")
	}
}

// insertRule stores a rule of the user over every feed directly in the
// database, as one stored before the limits might be.
func insertRule(t *testing.T, e *env, userID int64, query string) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+e.st.Path()+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`INSERT INTO alert_rules (user_id, query, created_at) VALUES (?, ?, ?)`, userID, query, testNow.UnixNano()); err != nil {
		t.Fatal(err)
	}
}

// TestRulePostsWhileIngestMatches checks that matching a fetch's items
// against alert rules holds no write lock: while an ingest of 500 items
// is matched against 2,000 rules of the maximum size (20 users with
// 100 each), rules are added and removed through the API, every request
// succeeding, several of them before the ingest ends, none waiting for
// most of the ingest (its writes do hold the lock). Matching inside the
// ingest's write transaction held every other writer waiting until it
// committed (or failed them with SQLITE_BUSY).
func TestRulePostsWhileIngestMatches(t *testing.T) {
	e := newEnv(t, Config{})
	ctx := context.Background()
	var feed int64
	for u := range 20 {
		user := e.user(fmt.Sprintf("heavy%d", u))
		feed = e.follow(user, "https://example.com/heavy.xml")
		if _, err := e.st.AddChannel(ctx, vigil.Channel{UserID: user.ID, URL: "generic+http://127.0.0.1:9/x", Created: testNow}); err != nil {
			t.Fatal(err)
		}
		for r := range vigil.MaxAlertRulesPerUser {
			if _, err := e.st.AddAlertRule(ctx, vigil.AlertRule{UserID: user.ID, Query: storetest.HeavyRule(r), Created: testNow}); err != nil {
				t.Fatal(err)
			}
		}
	}
	alice := e.user("alice")
	storetest.FetchedBefore(t, e.st, feed, testNow.Add(-time.Hour)) // so that its items are matched
	f := vigil.Fetched{FeedID: feed, Observation: vigil.Observation{FeedID: feed, At: testNow, Status: 200}, Items: storetest.HeavyItems(items("h", 500))}
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		_, err := e.st.Ingest(ctx, f, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil })
		done <- err
	}()
	during, slowest := 0, time.Duration(0)
	for running := true; running; {
		began := time.Now()
		code, body := e.call("POST", "/api/alerts", alice.token, map[string]any{"query": "launch"})
		var rule vigil.AlertRule
		if code != http.StatusCreated || json.Unmarshal(body, &rule) != nil {
			t.Fatalf("POST /api/alerts during the ingest: %d %s", code, body)
		}
		if code, body = e.call("DELETE", fmt.Sprintf("/api/alerts/%d", rule.ID), alice.token, nil); code != http.StatusNoContent {
			t.Fatalf("DELETE /api/alerts/%d during the ingest: %d %s", rule.ID, code, body)
		}
		slowest = max(slowest, time.Since(began))
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			running = false
		default:
			during++
		}
	}
	took := time.Since(start)
	if during < 3 || slowest > took/2 {
		t.Errorf("%d rule additions finished while the ingest ran for %v, the slowest in %v; want several, none waiting for most of the ingest", during, took, slowest)
	}
	t.Logf("%d additions and removals of a rule while the ingest ran for %v; the slowest took %v", during, took, slowest)
}
