package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// testAlertRuleLimits checks that a rule over a limit (its size, its
// terms, the user's count of rules) is EINVALID with a message naming the
// limit, that rules at the limits are accepted, and that concurrent
// additions never pass the count together.
func testAlertRuleLimits(t *testing.T, h Harness) {
	db := h.open(t)
	alice := mustUser(t, db, "alice")
	words := func(n int) string { return strings.TrimSpace(strings.Repeat("word ", n)) }
	atBytes := strings.Repeat("a", vigil.MaxAlertRuleBytes)
	tests := []struct {
		name, query, says string
	}{
		{"at the size", "  " + atBytes + "  ", ""},
		{"over the size", atBytes + "b", "the limit is 1024 bytes per rule"},
		{"900 KB", strings.Repeat("x ", 450_000), "the limit is 1024 bytes per rule"},
		{"at the terms", words(vigil.MaxAlertRuleTerms), ""},
		{"over the terms", words(vigil.MaxAlertRuleTerms + 1), "the limit is 32 terms"},
		{"phrases count as one term each", strings.Repeat(`"a b" `, vigil.MaxAlertRuleTerms), ""},
		{"prefixes over the terms", strings.Repeat("pre* ", vigil.MaxAlertRuleTerms+1), "the limit is 32 terms"},
	}
	for _, tt := range tests {
		_, err := db.AddAlertRule(ctx, vigil.AlertRule{UserID: alice.ID, Query: tt.query, Created: t0})
		switch {
		case tt.says == "" && err != nil:
			t.Errorf("%s: AddAlertRule = %v, want it accepted", tt.name, err)
		case tt.says != "" && (vigil.ErrorCode(err) != vigil.EINVALID || !strings.Contains(vigil.ErrorMessage(err), tt.says)):
			t.Errorf("%s: AddAlertRule = %v, want EINVALID saying %q", tt.name, err, tt.says)
		}
	}
	rules, err := db.AlertRules(ctx, alice.ID)
	if err != nil || len(rules) != 3 || rules[0].Query != atBytes {
		t.Fatalf("AlertRules = %d rules, %v; want the 3 accepted, trimmed", len(rules), err)
	}
	addConcurrently(t, db, alice.ID, vigil.MaxAlertRulesPerUser+10)
	_, err = db.AddAlertRule(ctx, vigil.AlertRule{UserID: alice.ID, Query: "one more", Created: t0})
	if vigil.ErrorCode(err) != vigil.EINVALID || !strings.Contains(vigil.ErrorMessage(err), "the limit is 100 rules per user") {
		t.Errorf("rule %d: %v, want EINVALID naming the limit", vigil.MaxAlertRulesPerUser+1, err)
	}
	if _, err := db.AddAlertRule(ctx, vigil.AlertRule{UserID: 9999, Query: "ghost", Created: t0}); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("a rule of an unknown user: %v, want ENOTFOUND", err)
	}
}

// addConcurrently adds n rules to the user from 8 goroutines at once and
// checks that exactly as many as the limit allows were stored.
func addConcurrently(t *testing.T, db store.Store, userID int64, n int) {
	t.Helper()
	before, err := db.AlertRules(ctx, userID)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	jobs := make(chan int)
	for range 8 {
		wg.Go(func() {
			for i := range jobs {
				_, err := db.AddAlertRule(ctx, vigil.AlertRule{UserID: userID, Query: fmt.Sprintf("rule%d", i), Created: t0})
				if err != nil && vigil.ErrorCode(err) != vigil.EINVALID {
					t.Errorf("AddAlertRule %d: %v", i, err)
				}
			}
		})
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	after, err := db.AlertRules(ctx, userID)
	if err != nil || len(after) != vigil.MaxAlertRulesPerUser {
		t.Fatalf("%d rules after %d concurrent additions to %d, %v; want exactly %d", len(after), n, len(before), err, vigil.MaxAlertRulesPerUser)
	}
}

// testOverLimitRulesKeptInert checks that rules stored before the limits
// that exceed one (too long, too many terms, beyond the user's count) are
// kept and listed with why they match nothing, and match nothing; and
// that a rule beyond the count works again once an earlier one is
// removed.
func testOverLimitRulesKeptInert(t *testing.T, h Harness) {
	db := h.open(t)
	alice := mustUser(t, db, "alice")
	feed := mustSubscribe(t, db, alice.ID, "https://example.com/feed")
	mustChannel(t, db, alice.ID, "generic+http://127.0.0.1:9/alice")
	long := strings.Repeat("launch ", 300) // 2,099 bytes trimmed, every word matching
	h.InsertRule(t, db, alice.ID, long)
	h.InsertRule(t, db, alice.ID, strings.Repeat("launch ", vigil.MaxAlertRuleTerms+8))
	for i := range vigil.MaxAlertRulesPerUser - 2 {
		h.InsertRule(t, db, alice.ID, fmt.Sprintf("nomatch%d", i))
	}
	h.InsertRule(t, db, alice.ID, "launch") // the 101st
	rules, err := db.AlertRules(ctx, alice.ID)
	if err != nil || len(rules) != vigil.MaxAlertRulesPerUser+1 || rules[0].Query != long {
		t.Fatalf("AlertRules = %d rules, %v; want all %d kept as stored", len(rules), err, vigil.MaxAlertRulesPerUser+1)
	}
	for i, r := range rules {
		wantInert := i < 2 || i == vigil.MaxAlertRulesPerUser
		if (r.Inert != "") != wantInert {
			t.Errorf("rule %d (%.20q...): Inert %q, want inert %v", i+1, r.Query, r.Inert, wantInert)
		}
	}
	for i, says := range map[int]string{0: "2099 bytes", 1: "40 terms", vigil.MaxAlertRulesPerUser: "100 rules per user"} {
		if !strings.Contains(rules[i].Inert, says) {
			t.Errorf("rule %d: Inert %q does not say %q", i+1, rules[i].Inert, says)
		}
	}
	items := makeItems("a", 2)
	items[0].Title = "Launch today"
	FetchedBefore(t, db, feed, t0.Add(-time.Hour))
	mustIngest(t, db, feed, t0, items)
	if n, err := db.PendingMessages(ctx); err != nil || n != 0 {
		t.Fatalf("PendingMessages = %d, %v; want 0: only inert rules match", n, err)
	}
	if err := db.RemoveAlertRule(ctx, alice.ID, rules[0].ID); err != nil {
		t.Fatal(err)
	}
	if rules, _ = db.AlertRules(ctx, alice.ID); rules[len(rules)-1].Inert != "" {
		t.Errorf("the last rule, now the 100th, is still inert: %q", rules[len(rules)-1].Inert)
	}
	items = makeItems("b", 1)
	items[0].Title = "Another launch"
	mustIngest(t, db, feed, t0.Add(time.Hour), items)
	if n, err := db.PendingMessages(ctx); err != nil || n != 1 {
		t.Errorf("PendingMessages = %d, %v; want 1 from the rule that is now the 100th", n, err)
	}
}

// testIngestCancelledWhileMatching checks that an ingest whose context
// ends while its items are being matched against a heavy rule set stops
// with the context's error long before the matching would have ended,
// storing nothing. How long the matching takes is measured first, on the
// same items fetched whole from another feed (all of them new there, so
// all matched: a repeat fetch matches nothing), so that the bound holds
// however fast the machine is.
func testIngestCancelledWhileMatching(t *testing.T, h Harness) {
	db := h.open(t)
	feeds := heavyRules(t, db, 5, "https://example.com/warm", "https://example.com/heavy")
	items := heavyItems("a", 2000)
	start := time.Now()
	mustIngest(t, db, feeds[0], t0, items)
	full := time.Since(start)
	cctx, cancel := context.WithCancel(ctx)
	timer := time.AfterFunc(full/10, cancel)
	defer timer.Stop()
	start = time.Now()
	_, err := db.Ingest(cctx, fetched(feeds[1], t0, items), keepFeed)
	took := time.Since(start)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Ingest cancelled while matching = %v after %v, want context.Canceled", err, took)
	}
	if took > full/2 {
		t.Errorf("Ingest cancelled at %v returned after %v; matching everything takes %v", full/10, took, full)
	}
	if f, err := db.Feed(ctx, feeds[1]); err != nil || f.ItemCount != 0 {
		t.Errorf("after the cancelled ingest the feed counts %d items (%v), want 0", f.ItemCount, err)
	}
}

// heavyRules makes users subscribers of feeds, each with a channel and
// vigil.MaxAlertRulesPerUser rules of vigil.MaxAlertRuleTerms terms
// (HeavyRule), and returns the feeds' IDs: the most matching work the
// limits allow a user to cause.
func heavyRules(t testing.TB, db store.Store, users int, feedURLs ...string) []int64 {
	t.Helper()
	feeds := make([]int64, len(feedURLs))
	for u := range users {
		user := mustUser(t, db, fmt.Sprintf("heavy%d", u))
		for i, url := range feedURLs {
			feeds[i] = mustSubscribe(t, db, user.ID, url)
			if u == 0 {
				FetchedBefore(t, db, feeds[i], t0.Add(-time.Hour))
			}
		}
		mustChannel(t, db, user.ID, fmt.Sprintf("generic+http://127.0.0.1:9/heavy%d", u))
		for r := range vigil.MaxAlertRulesPerUser {
			mustRule(t, db, user.ID, 0, HeavyRule(r))
		}
	}
	return feeds
}

// HeavyRule is the r-th rule of a heavy rule set: vigil.MaxAlertRuleTerms
// terms of 30 letters and digits (words and prefixes, about 1,000 bytes
// in all), of which every item of HeavyItems holds all but the last, so
// that matching it looks up every term.
func HeavyRule(r int) string {
	terms := make([]string, vigil.MaxAlertRuleTerms)
	for i := range terms[:len(terms)-1] {
		terms[i] = heavyWord(i)
		if i%2 == 1 {
			terms[i] = heavyWord(i)[:20] + "*"
		}
	}
	terms[len(terms)-1] = fmt.Sprintf("absent%024d", r)
	return strings.Join(terms, " ")
}

// heavyWord is the i-th word HeavyRule's rules ask for: 30 characters.
func heavyWord(i int) string {
	return fmt.Sprintf("common%02d%s", i, strings.Repeat("x", 22))
}

// heavyItems returns n items as HeavyItems makes them.
func heavyItems(prefix string, n int) []vigil.Item {
	return HeavyItems(makeItems(prefix, n))
}

// HeavyItems gives items a text of 300 words that holds every term of
// HeavyRule's rules but the last.
func HeavyItems(items []vigil.Item) []vigil.Item {
	var b strings.Builder
	for i := range 300 {
		if i < vigil.MaxAlertRuleTerms {
			b.WriteString(heavyWord(i) + " ")
		} else {
			fmt.Fprintf(&b, "filler%d ", i)
		}
	}
	for i := range items {
		items[i].Content = "<p>" + items[i].Title + " " + b.String() + "</p>"
	}
	return items
}
