package storetest

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// mustChannel adds a channel of the user and returns its ID.
func mustChannel(t testing.TB, db store.Store, userID int64, url string) int64 {
	t.Helper()
	id, err := db.AddChannel(ctx, vigil.Channel{UserID: userID, URL: url, Created: t0})
	if err != nil {
		t.Fatalf("AddChannel(%q): %v", url, err)
	}
	return id
}

// mustRule adds an alert rule of the user and returns its ID.
func mustRule(t testing.TB, db store.Store, userID, feedID int64, query string) int64 {
	t.Helper()
	id, err := db.AddAlertRule(ctx, vigil.AlertRule{UserID: userID, FeedID: feedID, Query: query, Created: t0})
	if err != nil {
		t.Fatalf("AddAlertRule(%q): %v", query, err)
	}
	return id
}

// claimAll claims every due message for owner at now.
func claimAll(t testing.TB, db store.Store, owner string, now time.Time) []store.Message {
	t.Helper()
	msgs, err := db.ClaimMessages(ctx, store.MessageClaim{Owner: owner, Now: now, Lease: time.Minute, Channels: 1000})
	if err != nil {
		t.Fatalf("ClaimMessages(%s): %v", owner, err)
	}
	return msgs
}

func testChannelsAndRules(t *testing.T, h Harness) {
	db := h.open(t)
	alice, bob := mustUser(t, db, "alice"), mustUser(t, db, "bob")
	secret := "generic+https://hooks.example.com/T0KEN?key=s3cret"
	id := mustChannel(t, db, alice.ID, secret)
	if _, err := db.AddChannel(ctx, vigil.Channel{UserID: alice.ID, URL: secret, Created: t0}); vigil.ErrorCode(err) != vigil.ECONFLICT {
		t.Errorf("the same channel twice: %v, want ECONFLICT", err)
	}
	if _, err := db.AddChannel(ctx, vigil.Channel{UserID: alice.ID, URL: "  ", Created: t0}); vigil.ErrorCode(err) != vigil.EINVALID {
		t.Errorf("an empty channel URL: %v, want EINVALID", err)
	}
	list, err := db.Channels(ctx, alice.ID)
	if err != nil || len(list) != 1 || list[0].Shown != "generic+https://hooks.example.com/…" || !list[0].Created.Equal(t0) {
		t.Fatalf("Channels = %+v, %v", list, err)
	}
	if strings.Contains(list[0].Shown, "s3cret") || strings.Contains(list[0].Shown, "T0KEN") {
		t.Errorf("the listing shows the secret: %q", list[0].Shown)
	}
	if _, err := db.Channel(ctx, bob.ID, id); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("bob reads alice's channel: %v, want ENOTFOUND", err)
	}
	if err := db.RemoveChannel(ctx, bob.ID, id); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("bob removes alice's channel: %v, want ENOTFOUND", err)
	}
	if err := db.RecordDelivery(ctx, id, t0.Add(time.Minute), "503 Service Unavailable"); err != nil {
		t.Fatal(err)
	}
	c, err := db.Channel(ctx, alice.ID, id)
	if err != nil || c.URL != secret || c.Failures != 1 || c.LastError != "503 Service Unavailable" || !c.Failing() {
		t.Fatalf("Channel after a failure = %+v, %v", c, err)
	}
	if err := db.RecordDelivery(ctx, id, t0.Add(2*time.Minute), ""); err != nil {
		t.Fatal(err)
	}
	if c, _ = db.Channel(ctx, alice.ID, id); c.Failures != 0 || !c.LastSent.Equal(t0.Add(2*time.Minute)) {
		t.Errorf("Channel after a success = %+v", c)
	}

	feed := mustSubscribe(t, db, alice.ID, "https://example.com/feed")
	rule := mustRule(t, db, alice.ID, feed, `"rocket launch" orbit*`)
	mustRule(t, db, alice.ID, 0, "eclipse")
	for _, bad := range []vigil.AlertRule{
		{UserID: alice.ID, Query: `" * "`, Created: t0},
		{UserID: bob.ID, FeedID: feed, Query: "eclipse", Created: t0},
	} {
		if _, err := db.AddAlertRule(ctx, bad); vigil.ErrorCode(err) != vigil.EINVALID {
			t.Errorf("AddAlertRule(%+v) = %v, want EINVALID", bad, err)
		}
	}
	rules, err := db.AlertRules(ctx, alice.ID)
	if err != nil || len(rules) != 2 || rules[0].FeedID != feed || rules[0].Query != `"rocket launch" orbit*` || rules[1].FeedID != 0 {
		t.Fatalf("AlertRules = %+v, %v", rules, err)
	}
	if err := db.RemoveAlertRule(ctx, bob.ID, rule); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("bob removes alice's rule: %v, want ENOTFOUND", err)
	}
	if err := db.RemoveAlertRule(ctx, alice.ID, rule); err != nil {
		t.Fatal(err)
	}
	if err := db.RemoveChannel(ctx, alice.ID, id); err != nil {
		t.Fatal(err)
	}
	if list, _ := db.Channels(ctx, alice.ID); len(list) != 0 {
		t.Errorf("Channels after removal = %+v", list)
	}
}

func testIngestQueuesMatchingAlerts(t *testing.T, h Harness) {
	db := h.open(t)
	alice, bob := mustUser(t, db, "alice"), mustUser(t, db, "bob")
	feed := mustSubscribe(t, db, alice.ID, "https://example.com/feed")
	mustSubscribe(t, db, bob.ID, "https://example.com/feed")
	ch := mustChannel(t, db, alice.ID, "generic+http://127.0.0.1:9/alice")
	mustChannel(t, db, bob.ID, "generic+http://127.0.0.1:9/bob")
	mustRule(t, db, alice.ID, feed, "launch")
	mustRule(t, db, alice.ID, 0, `"rocket launch"`) // the same item matched twice: one message
	backlog := makeItems("old", 2)
	backlog[0].Title = "Rocket launch last year"
	if _, err := db.Ingest(ctx, fetched(feed, t0.Add(-time.Hour), backlog), fetchedOK(t0.Add(-time.Hour))); err != nil {
		t.Fatal(err)
	}
	if n, err := db.PendingMessages(ctx); err != nil || n != 0 {
		t.Fatalf("PendingMessages after the feed's first fetch = %d, %v; want 0: its items are its backlog", n, err)
	}
	items := makeItems("a", 3)
	items[0].Title, items[0].Summary, items[0].Content = "Rocket Launch today", "<p>The <b>launch</b> window opens at noon.</p>", ""
	items[2].Content = "<p>a late launch</p>"
	got := mustIngest(t, db, feed, t0, items)
	msgs := claimAll(t, db, "w1", t0)
	if len(msgs) != 2 {
		t.Fatalf("claimed %d messages, want 2 (items a0 and a2 for alice): %+v", len(msgs), msgs)
	}
	byRef := map[int64]store.Message{}
	for _, m := range msgs {
		byRef[m.RefID] = m
	}
	m, ok := byRef[got.New[0].ID]
	if !ok || m.ChannelID != ch || m.Kind != store.KindItem || m.Title != "Rocket Launch today" ||
		m.Link != items[0].URL || m.Text != "The launch window opens at noon." || m.URL != "generic+http://127.0.0.1:9/alice" {
		t.Errorf("message of a0 = %+v", m)
	}
	if _, ok := byRef[got.New[2].ID]; !ok {
		t.Errorf("no message for a2, which says launch in its content: %+v", msgs)
	}
	mustIngest(t, db, feed, t0.Add(time.Hour), items) // the same items again: nothing new
	if n, err := db.PendingMessages(ctx); err != nil || n != 2 {
		t.Errorf("PendingMessages after a repeat fetch = %d, %v, want 2", n, err)
	}
	if err := db.MessagesSent(ctx, "w1", []int64{msgs[0].ID, msgs[1].ID}); err != nil {
		t.Fatal(err)
	}

	page, err := db.FollowPage(ctx, alice.ID, "https://example.com/p", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	pid := page.Feed.ID
	first := mustIngestPage(t, db, pageFetch(pid, t0, "ha", []byte("<p>a</p>"), 0))
	important := mustIngestPage(t, db, pageFetch(pid, t0.Add(time.Hour), "hb", []byte("<p>b</p>"), first.VersionID))
	if err := db.SetPageFollow(ctx, vigil.PageFollow{UserID: alice.ID, FeedID: pid, Threshold: "important", Frequency: "daily"}); err != nil {
		t.Fatal(err)
	}
	minor := pageFetch(pid, t0.Add(2*time.Hour), "hc", []byte("<p>c</p>"), important.VersionID)
	minor.Version.Change.Severity = "significant"
	mustIngestPage(t, db, minor)
	changes := claimAll(t, db, "w1", t0.Add(3*time.Hour))
	if len(changes) != 1 || changes[0].Kind != store.KindChange || changes[0].RefID != important.ChangeID ||
		changes[0].Link != "https://example.com/p" || changes[0].Text != "all new" {
		t.Errorf("page change messages = %+v, want one for change %d (the significant one is below the threshold)", changes, important.ChangeID)
	}
}

func testClaimMessagesLeases(t *testing.T, h Harness) {
	db := h.open(t)
	alice := mustUser(t, db, "alice")
	feed := mustSubscribe(t, db, alice.ID, "https://example.com/feed")
	mustChannel(t, db, alice.ID, "generic+http://127.0.0.1:9/alice")
	mustRule(t, db, alice.ID, 0, "item")
	FetchedBefore(t, db, feed, t0.Add(-time.Hour))
	mustIngest(t, db, feed, t0, makeItems("a", 2))
	a := claimAll(t, db, "A", t0)
	if len(a) != 2 || a[0].Attempts != 0 {
		t.Fatalf("A claimed %+v, want 2 fresh messages", a)
	}
	if b := claimAll(t, db, "B", t0.Add(30*time.Second)); len(b) != 0 {
		t.Errorf("B claimed %d messages A holds", len(b))
	}
	if err := db.MessagesFailed(ctx, "A", []int64{a[0].ID}, t0.Add(10*time.Minute)); err != nil {
		t.Fatal(err)
	}
	b := claimAll(t, db, "B", t0.Add(2*time.Minute)) // A's lease on a[1] ended; a[0] waits for its retry
	if len(b) != 1 || b[0].ID != a[1].ID {
		t.Fatalf("B claimed %+v after A's lease ended, want message %d", b, a[1].ID)
	}
	if err := db.MessagesSent(ctx, "A", []int64{a[1].ID}); err != nil { // too late: B holds it
		t.Fatal(err)
	}
	if n, _ := db.PendingMessages(ctx); n != 2 {
		t.Errorf("A's late report deleted a message B holds: %d pending", n)
	}
	if err := db.MessagesSent(ctx, "B", []int64{b[0].ID}); err != nil {
		t.Fatal(err)
	}
	retry := claimAll(t, db, "B", t0.Add(10*time.Minute))
	if len(retry) != 1 || retry[0].ID != a[0].ID || retry[0].Attempts != 1 {
		t.Errorf("the retry = %+v, want message %d on its second attempt", retry, a[0].ID)
	}
	if _, err := db.ClaimMessages(ctx, store.MessageClaim{Now: t0, Lease: time.Minute, Channels: 1}); vigil.ErrorCode(err) != vigil.EINVALID {
		t.Errorf("a claim without an owner: %v, want EINVALID", err)
	}
}

func testClaimMessagesRateLimit(t *testing.T, h Harness) {
	db := h.open(t)
	alice := mustUser(t, db, "alice")
	feed := mustSubscribe(t, db, alice.ID, "https://example.com/feed")
	mustChannel(t, db, alice.ID, "generic+http://127.0.0.1:9/alice")
	mustRule(t, db, alice.ID, 0, "item")
	FetchedBefore(t, db, feed, t0.Add(-time.Hour))
	mustIngest(t, db, feed, t0, makeItems("a", 3))
	claim := func(owner string, now time.Time) []store.Message {
		t.Helper()
		msgs, err := db.ClaimMessages(ctx, store.MessageClaim{Owner: owner, Now: now, Lease: 10 * time.Second, Gap: time.Minute, Channels: 10})
		if err != nil {
			t.Fatal(err)
		}
		return msgs
	}
	first := claim("A", t0)
	if len(first) != 3 {
		t.Fatalf("first claim: %d messages, want the burst of 3 at once", len(first))
	}
	mustIngest(t, db, feed, t0.Add(time.Second), makeItems("b", 1))
	if got := claim("B", t0.Add(30*time.Second)); len(got) != 0 {
		t.Errorf("a claim within the channel's gap got %d messages (A's lease has ended, and one is new)", len(got))
	}
	if got := claim("B", t0.Add(61*time.Second)); len(got) != 4 {
		t.Errorf("a claim after the gap got %d messages, want the new one and the 3 whose lease ended", len(got))
	}
}

func testConcurrentClaimsAreDisjoint(t *testing.T, h Harness) {
	db := h.open(t)
	alice := mustUser(t, db, "alice")
	feed := mustSubscribe(t, db, alice.ID, "https://example.com/feed")
	for c := range 8 {
		mustChannel(t, db, alice.ID, fmt.Sprintf("generic+http://127.0.0.1:9/alice/%d", c))
	}
	mustRule(t, db, alice.ID, 0, "item")
	FetchedBefore(t, db, feed, t0.Add(-time.Hour))
	mustIngest(t, db, feed, t0, makeItems("a", 5))
	var mu sync.Mutex
	var claimed []int64
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				msgs, err := db.ClaimMessages(ctx, store.MessageClaim{Owner: string(rune('A' + w)), Now: t0, Lease: time.Minute, Channels: 1})
				if err != nil {
					t.Error(err)
					return
				}
				if len(msgs) == 0 {
					return
				}
				mu.Lock()
				for _, m := range msgs {
					claimed = append(claimed, m.ID)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sort.Slice(claimed, func(i, j int) bool { return claimed[i] < claimed[j] })
	for i := 1; i < len(claimed); i++ {
		if claimed[i] == claimed[i-1] {
			t.Fatalf("message %d claimed twice", claimed[i])
		}
	}
	if len(claimed) != 40 {
		t.Errorf("claimed %d messages, want 40 (5 items for each of 8 channels)", len(claimed))
	}
}
