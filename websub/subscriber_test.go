package websub_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/clock"
	"vigil/fetch"
	"vigil/monitor"
	"vigil/policy"
	"vigil/store/sqlite"
	"vigil/websub"
	"vigil/websub/websubtest"
)

var (
	ctx = context.Background()
	t0  = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
)

// world is a feed that advertises a hub, the hub, vigil's store, monitor
// and subscriber with its callback server, all on loopback, on a virtual
// clock.
type world struct {
	st      *sqlite.DB
	clk     *clock.Virtual
	hub     *websubtest.Hub
	sub     *websub.Subscriber
	mon     *monitor.Monitor
	feedURL string
	hubURL  string
	feedID  int64
	userID  int64

	mu    sync.Mutex
	items []string // the feed's items, newest first, as "guid|pubDate"
}

func newWorld(t *testing.T, maxLease time.Duration, allowPrivate bool) *world {
	t.Helper()
	clk := clock.NewVirtual(t0)
	w := newWorldOn(t, clk, maxLease, allowPrivate)
	w.clk = clk
	return w
}

// newWorldOn builds a world on the clock clk.
func newWorldOn(t testing.TB, clk clock.Clock, maxLease time.Duration, allowPrivate bool) *world {
	t.Helper()
	w := &world{}
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "vigil.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	w.st = st
	w.hub = websubtest.NewHub(clk.Now, maxLease)
	hubSrv := httptest.NewServer(w.hub)
	t.Cleanup(hubSrv.Close)
	w.hubURL = hubSrv.URL + "/"
	feedSrv := httptest.NewServer(http.HandlerFunc(w.serveFeed))
	t.Cleanup(feedSrv.Close)
	w.feedURL = feedSrv.URL + "/feed.xml"
	log := slog.New(slog.DiscardHandler)
	w.sub = &websub.Subscriber{Store: st, Clock: clk, Log: log,
		Client: fetch.NewPostClient(fetch.Config{AllowPrivate: allowPrivate, Timeout: 5 * time.Second})}
	cb := httptest.NewServer(w.sub)
	t.Cleanup(cb.Close)
	w.sub.PublicURL = cb.URL
	live, err := policy.NewLive("combined", policy.Config{MinInterval: 5 * time.Minute, MaxInterval: 24 * time.Hour}, 0.2, 48, 0)
	if err != nil {
		t.Fatal(err)
	}
	w.mon, err = monitor.New(monitor.Deps{Store: st, Planner: live, Clock: clk, Logger: log, Hubs: w.sub,
		Client: fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second, Clock: clk}),
		Hosts:  fetch.NewHostLimiter(1, 0, clk)}, monitor.Config{})
	if err != nil {
		t.Fatal(err)
	}
	w.sub.Ingest = w.mon
	u := &vigil.User{Name: "ann"}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	s, err := st.Subscribe(ctx, u.ID, w.feedURL, 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	w.userID, w.feedID = u.ID, s.Feed.ID
	return w
}

// serveFeed serves the feed, advertising the hub and its topic URL in the
// document.
func (w *world) serveFeed(rw http.ResponseWriter, _ *http.Request) {
	rw.Header().Set("Content-Type", "application/rss+xml")
	fmt.Fprint(rw, w.document())
}

// document is the feed as it stands, as RSS 2.0 with atom:link hub and self.
func (w *world) document() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
<title>Ospreys</title><link>https://birds.example/</link>
<atom:link rel="hub" href="%s"/><atom:link rel="self" href="%s"/>`, w.hubURL, w.feedURL)
	for _, it := range w.items {
		guid, date, _ := strings.Cut(it, "|")
		fmt.Fprintf(&b, `<item><guid>%s</guid><title>%s</title><pubDate>%s</pubDate></item>`, guid, guid, date)
	}
	b.WriteString(`</channel></rss>`)
	return b.String()
}

// publish adds an item published at at to the feed and returns the feed.
func (w *world) publish(guid string, at time.Time) []byte {
	w.mu.Lock()
	w.items = append([]string{guid + "|" + at.Format(time.RFC1123Z)}, w.items...)
	w.mu.Unlock()
	return []byte(w.document())
}

// fetch fetches the feed now through the monitor.
func (w *world) fetch(t testing.TB) monitor.Result {
	t.Helper()
	f, err := w.st.Feed(ctx, w.feedID)
	if err != nil {
		t.Fatal(err)
	}
	res, err := w.mon.FetchFeed(ctx, *f)
	if err != nil || res.Err != "" {
		t.Fatalf("fetch: %+v, %v", res, err)
	}
	return res
}

// push returns the feed's subscription as stored.
func (w *world) push(t testing.TB) *vigil.Push {
	t.Helper()
	p, err := w.st.Push(ctx, w.feedID)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// keys returns the keys of the feed's stored items.
func (w *world) keys(t testing.TB) []string {
	t.Helper()
	items, err := w.st.Items(ctx, vigil.ItemQuery{UserID: w.userID, FeedID: w.feedID, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, it := range items {
		keys = append(keys, it.Key)
	}
	return keys
}

// subscribed fetches the feed and waits until the hub verified vigil's
// subscription.
func (w *world) subscribed(t testing.TB) {
	t.Helper()
	w.publish("first", t0.Add(-time.Hour))
	w.fetch(t)
	if got := w.hub.Wait(); got != "subscribe true" {
		t.Fatalf("verification of the subscription: %s", got)
	}
	if p := w.push(t); p.State != vigil.PushActive || p.Topic != w.feedURL || p.Hub != w.hubURL || p.Secret == "" {
		t.Fatalf("subscription after verification = %+v", p)
	}
}

func TestSubscribeVerifyAndPushSignedContent(t *testing.T) {
	w := newWorld(t, 24*time.Hour, true)
	w.subscribed(t)
	if p := w.push(t); !p.LeaseUntil.Equal(t0.Add(24 * time.Hour)) {
		t.Errorf("lease until %v, want %v (the hub's grant)", p.LeaseUntil, t0.Add(24*time.Hour))
	}
	if _, err := w.st.AddChannel(ctx, vigil.Channel{UserID: w.userID, URL: "generic+http://127.0.0.1:9/hook", Shown: "generic+http://127.0.0.1", Created: t0}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.st.AddAlertRule(ctx, vigil.AlertRule{UserID: w.userID, Query: "c", Created: t0}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, guid string
	}{{"sha1", "a"}, {"sha256", "b"}, {"sha384", "c"}, {"sha512", "d"}}
	for _, tt := range tests {
		w.hub.Method = tt.method
		body := w.publish(tt.guid, w.clk.Now())
		if codes := w.hub.Publish(w.feedURL, "application/rss+xml", body); len(codes) != 1 || codes[0] != http.StatusNoContent {
			t.Fatalf("%s: delivery answered %v, want [204]", tt.method, codes)
		}
	}
	if got, want := strings.Join(w.keys(t), " "), "first a b c d"; !sameSet(got, want) {
		t.Errorf("stored items %q, want %q", got, want)
	}
	// The same content again stores nothing new: the fetch's dedupe.
	w.hub.Publish(w.feedURL, "application/rss+xml", []byte(w.document()))
	obs, err := w.st.Observations(ctx, w.feedID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(obs) != 6 || !obs[0].Pushed || obs[0].NewItems != 0 || !obs[1].Pushed || obs[1].NewItems != 1 || obs[5].Pushed {
		t.Errorf("ledger (newest first) = %+v; want 5 pushed observations over 1 fetch, the last with nothing new", obs)
	}
	if n, err := w.st.PendingMessages(ctx); err != nil || n != 1 {
		t.Errorf("%d alerts queued (%v), want 1: the pushed item c matches the rule", n, err)
	}
	if p := w.push(t); !p.LastPush.Equal(t0) {
		t.Errorf("last push %v, want %v", p.LastPush, t0)
	}
}

func sameSet(a, b string) bool {
	x, y := strings.Fields(a), strings.Fields(b)
	if len(x) != len(y) {
		return false
	}
	seen := map[string]int{}
	for _, s := range x {
		seen[s]++
	}
	for _, s := range y {
		if seen[s]--; seen[s] < 0 {
			return false
		}
	}
	return true
}

func TestBadSignaturesAreRefusedAndStoreNothing(t *testing.T) {
	w := newWorld(t, 24*time.Hour, true)
	w.subscribed(t)
	body := w.publish("forged", t0)
	tests := []struct {
		name string
		sig  func(secret string) string
	}{
		{"missing", func(string) string { return "" }},
		{"wrong secret", func(string) string { return websub.Sign("sha256", []byte("not the secret"), body) }},
		{"other body", func(s string) string { return websub.Sign("sha256", []byte(s), []byte("<rss/>")) }},
		{"unknown method", func(s string) string { return "md5=" + strings.Repeat("0", 32) }},
		{"not hexadecimal", func(string) string { return "sha256=zz" }},
	}
	for _, tt := range tests {
		codes := w.hub.Deliver(w.feedURL, "application/rss+xml", body, func(s *websubtest.Sub) string { return tt.sig(s.Secret) })
		if len(codes) != 1 || codes[0] != http.StatusForbidden {
			t.Errorf("%s signature: answered %v, want [403]", tt.name, codes)
		}
	}
	if got := w.keys(t); len(got) != 1 || got[0] != "first" {
		t.Errorf("stored items %v, want only the fetched one", got)
	}
	if obs, _ := w.st.Observations(ctx, w.feedID, 0); len(obs) != 1 {
		t.Errorf("%d observations, want the fetch's alone", len(obs))
	}
}

func TestVerificationEchoesOnlyAPendingIntent(t *testing.T) {
	w := newWorld(t, 24*time.Hour, true)
	w.subscribed(t)
	p := w.push(t)
	cb := w.sub.PublicURL + websub.CallbackPath + fmt.Sprint(w.feedID) + "/"
	tests := []struct {
		name, url string
		want      int
	}{
		{"subscribe again, none pending", cb + p.Key + "?hub.mode=subscribe&hub.challenge=x&hub.lease_seconds=60&hub.topic=" + w.feedURL, 404},
		{"unsubscribe, none pending", cb + p.Key + "?hub.mode=unsubscribe&hub.challenge=x&hub.topic=" + w.feedURL, 404},
		{"wrong key", cb + "0000?hub.mode=subscribe&hub.challenge=x&hub.lease_seconds=60&hub.topic=" + w.feedURL, 404},
		{"wrong topic", cb + p.Key + "?hub.mode=unsubscribe&hub.challenge=x&hub.topic=https://other.example/", 404},
	}
	for _, tt := range tests {
		resp, err := http.Get(tt.url)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, resp.StatusCode, tt.want)
		}
	}
	if after := w.push(t); after.State != vigil.PushActive || !after.LeaseUntil.Equal(p.LeaseUntil) {
		t.Errorf("subscription changed by refused verifications: %+v", after)
	}
}

func TestLastFollowerLeavingUnsubscribes(t *testing.T) {
	w := newWorld(t, 24*time.Hour, true)
	w.subscribed(t)
	w.sub.Keep(ctx)
	if w.hub.Active() != 1 {
		t.Fatal("Keep ended a followed feed's subscription")
	}
	if err := w.st.Unsubscribe(ctx, w.userID, w.feedID); err != nil {
		t.Fatal(err)
	}
	w.sub.Keep(ctx)
	if got := w.hub.Wait(); got != "unsubscribe true" {
		t.Fatalf("verification of the unsubscription: %s", got)
	}
	if _, err := w.st.Push(ctx, w.feedID); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("subscription after unsubscribing: %v, want none", err)
	}
	if n := w.hub.Active(); n != 0 {
		t.Errorf("hub still has %d subscriptions", n)
	}
}

func TestLeaseIsRenewedBeforeItEnds(t *testing.T) {
	w := newWorld(t, time.Hour, true)
	w.subscribed(t)
	w.clk.Advance(20 * time.Minute)
	w.sub.Keep(ctx) // 40 minutes left: more than half the lease
	if p := w.push(t); p.State != vigil.PushActive || !p.Requested.Equal(t0) {
		t.Fatalf("renewed too early: %+v", p)
	}
	w.clk.Advance(15 * time.Minute)
	w.sub.Keep(ctx) // 25 minutes left
	if got := w.hub.Wait(); got != "subscribe true" {
		t.Fatalf("verification of the renewal: %s", got)
	}
	if p := w.push(t); p.State != vigil.PushActive || !p.LeaseUntil.Equal(t0.Add(35*time.Minute+time.Hour)) {
		t.Errorf("after renewal: %+v, want active until %v", p, t0.Add(35*time.Minute+time.Hour))
	}
}

func TestEndedLeaseFallsBackToPolling(t *testing.T) {
	w := newWorld(t, time.Hour, true)
	w.subscribed(t)
	w.clk.Advance(2 * time.Hour) // no renewal: the hub's lease ended
	if codes := w.hub.Publish(w.feedURL, "application/rss+xml", w.publish("late", w.clk.Now())); len(codes) != 0 {
		t.Errorf("hub delivered after the lease ended: %v", codes)
	}
	if w.push(t).Fed(w.clk.Now()) {
		t.Error("a subscription past its lease counts as fed")
	}
	res := w.fetch(t)
	if res.New != 1 || !res.NextTime.Before(w.clk.Now().Add(6*time.Hour)) {
		t.Errorf("poll after the lease: %+v, want the item and the planner's next fetch", res)
	}
}

func TestFedFeedIsVerifiedAndFallsBackWhenTheHubMisses(t *testing.T) {
	w := newWorld(t, 24*time.Hour, true)
	w.subscribed(t)
	w.clk.Advance(time.Hour)
	res := w.fetch(t)
	if want := w.clk.Now().Add(6 * time.Hour); !res.NextTime.Equal(want) {
		t.Errorf("next fetch of a fed feed %v, want the verification poll at %v", res.NextTime, want)
	}
	// An item the hub never pushed, published an hour before the next poll.
	w.clk.Advance(6 * time.Hour)
	w.publish("missed", w.clk.Now().Add(-time.Hour))
	res = w.fetch(t)
	p := w.push(t)
	if p.State != vigil.PushSilent || !strings.Contains(p.Note, "1 items the hub never pushed") {
		t.Errorf("after a missed item: %+v, want silent with a note", p)
	}
	if !res.NextTime.Before(w.clk.Now().Add(6 * time.Hour)) {
		t.Errorf("next fetch %v after falling back, want the planner's, sooner than the verification poll", res.NextTime)
	}
}

func TestHubDialsPassTheAddressGuard(t *testing.T) {
	w := newWorld(t, 24*time.Hour, false)
	w.publish("first", t0)
	w.fetch(t)
	p := w.push(t)
	if p.State != vigil.PushDenied || !strings.Contains(p.Note, "127.0.0.1") {
		t.Errorf("subscription to a loopback hub without --allow-private: %+v, want denied naming the address", p)
	}
	if w.hub.Active() != 0 {
		t.Error("the hub got a subscription")
	}
}
