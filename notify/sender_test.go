package notify

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/store"
	"vigil/store/sqlite"
	"vigil/store/storetest"
)

// receiver is a webhook on loopback that records the bodies it accepted
// and answers 503 to the first failFirst requests.
type receiver struct {
	mu        sync.Mutex
	failFirst int
	requests  int
	bodies    []string
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.requests++
	if rc.requests <= rc.failFirst {
		http.Error(w, "busy", http.StatusServiceUnavailable)
		return
	}
	rc.bodies = append(rc.bodies, string(b))
}

// got returns the accepted bodies and the number of requests.
func (rc *receiver) got() ([]string, int) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]string(nil), rc.bodies...), rc.requests
}

// alertFixture is a SQLite store with a user who follows a feed, has a
// channel to rc and an alert rule for "launch".
type alertFixture struct {
	st   *sqlite.DB
	feed int64
	user int64
	now  time.Time
}

func newAlertFixture(t *testing.T, rc *receiver) *alertFixture {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	u := &vigil.User{Name: "ann", CreatedAt: time.Now()}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub, err := st.Subscribe(ctx, u.ID, "https://example.org/feed", 1, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(rc)
	t.Cleanup(srv.Close)
	url := "generic+" + srv.URL + "/hook"
	if _, err := st.AddChannel(ctx, vigil.Channel{UserID: u.ID, URL: url, Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddAlertRule(ctx, vigil.AlertRule{UserID: u.ID, Query: "launch", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC)
	storetest.FetchedBefore(t, st, sub.Feed.ID, now.Add(-time.Hour)) // its items are news, not its backlog
	return &alertFixture{st: st, feed: sub.Feed.ID, user: u.ID, now: now}
}

// ingest stores items titled titles as a fetch at f.now.
func (f *alertFixture) ingest(t *testing.T, titles ...string) {
	t.Helper()
	items := make([]vigil.Item, len(titles))
	for i, title := range titles {
		items[i] = vigil.Item{Key: title, Hash: title, Title: title, URL: "https://example.org/" + strings.ReplaceAll(title, " ", "-")}
	}
	fetched := vigil.Fetched{FeedID: f.feed, Observation: vigil.Observation{At: f.now, Status: 200}, Items: items}
	if _, err := f.st.Ingest(context.Background(), fetched, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
}

// sender returns a sender of f's store on f's clock.
func (f *alertFixture) sender(allowPrivate bool) *Sender {
	return &Sender{Store: f.st, Owner: "test", AllowPrivate: allowPrivate, BaseURL: "http://vigil.example",
		Now: func() time.Time { return f.now }}
}

func TestSenderRetriesAFailedDeliveryOnce(t *testing.T) {
	rc := &receiver{failFirst: 1}
	f := newAlertFixture(t, rc)
	f.ingest(t, "Launch delayed", "Weather report")
	s := f.sender(true)
	if n, err := s.Pass(context.Background()); err != nil || n != 0 {
		t.Fatalf("first pass sent %d (%v), want 0: the receiver answers 503", n, err)
	}
	c, err := f.st.Channels(context.Background(), f.user)
	if err != nil || len(c) != 1 || !c[0].Failing() || !strings.Contains(c[0].LastError, "503") {
		t.Fatalf("channel after a 503 = %+v, %v: want it failing with the status", c, err)
	}
	if n, _ := s.Pass(context.Background()); n != 0 {
		t.Errorf("a pass before the backoff ended sent %d", n)
	}
	f.now = f.now.Add(time.Second) // the retry is due, but the channel's gap has not passed
	if n, _ := s.Pass(context.Background()); n != 0 {
		t.Errorf("a pass within the channel's gap sent %d", n)
	}
	f.now = f.now.Add(DefaultGap)
	if n, err := s.Pass(context.Background()); err != nil || n != 1 {
		t.Fatalf("the retry sent %d (%v), want 1", n, err)
	}
	f.now = f.now.Add(time.Hour)
	if n, _ := s.Pass(context.Background()); n != 0 {
		t.Errorf("a later pass sent %d more", n)
	}
	bodies, requests := rc.got()
	if len(bodies) != 1 || requests != 2 || !strings.Contains(bodies[0], "Launch delayed") ||
		!strings.Contains(bodies[0], "https://example.org/Launch-delayed") || !strings.Contains(bodies[0], "http://vigil.example/items/") {
		t.Fatalf("receiver accepted %q in %d requests, want the launch item once after one refusal", bodies, requests)
	}
	if c, _ = f.st.Channels(context.Background(), f.user); c[0].Failing() || c[0].LastSent.IsZero() {
		t.Errorf("channel after the retry = %+v, want ok", c[0])
	}
}

func TestSenderBatchesABurst(t *testing.T) {
	rc := &receiver{}
	f := newAlertFixture(t, rc)
	var titles []string
	for i := range 10 {
		titles = append(titles, fmt.Sprintf("launch %d", i))
	}
	f.ingest(t, titles...)
	if n, err := f.sender(true).Pass(context.Background()); err != nil || n != 10 {
		t.Fatalf("pass sent %d (%v), want the 10 messages", n, err)
	}
	bodies, _ := rc.got()
	if len(bodies) != 1 || !strings.Contains(bodies[0], "10 new alerts") || !strings.Contains(bodies[0], "launch 9") {
		t.Fatalf("receiver got %q, want one message listing the 10", bodies)
	}
}

func TestSenderKeepsTheAddressGuard(t *testing.T) {
	rc := &receiver{}
	f := newAlertFixture(t, rc)
	f.ingest(t, "Launch")
	var logged bytes.Buffer
	s := f.sender(false)
	s.Log = slog.New(slog.NewTextHandler(&logged, nil))
	if n, _ := s.Pass(context.Background()); n != 0 {
		t.Fatalf("sent %d to loopback without allowing private addresses", n)
	}
	if _, requests := rc.got(); requests != 0 {
		t.Fatalf("the receiver on loopback got %d requests", requests)
	}
	c, _ := f.st.Channels(context.Background(), f.user)
	if len(c) != 1 || !strings.Contains(c[0].LastError, "refusing to connect") || strings.Contains(c[0].LastError, "/hook") {
		t.Errorf("channel = %+v, want it failing with the guard's refusal and no URL path", c)
	}
	if log := logged.String(); !strings.Contains(log, "refusing to connect") || strings.Contains(log, "/hook") {
		t.Errorf("the log does not tell the refusal, or shows the URL's path:\n%s", log)
	}
	if n, _ := store.Alerting(f.st).PendingMessages(context.Background()); n != 1 {
		t.Errorf("%d messages pending, want the refused one kept", n)
	}
}

func TestBatchTextListsAtMost50(t *testing.T) {
	s := &Sender{BaseURL: "http://vigil.example/"}
	for _, n := range []int{4, 50, 60} {
		msgs := make([]store.Message, n)
		for i := range msgs {
			msgs[i] = store.Message{Kind: store.KindItem, RefID: int64(i + 1), Title: fmt.Sprintf("item %d", i)}
		}
		text := s.batchText(msgs)
		lines := strings.Split(text, "\n")
		listed := min(n, batchLines)
		if strings.Count(text, "- item ") != listed || lines[len(lines)-1] != "more in vigil: http://vigil.example/items" {
			t.Errorf("%d messages: %q, want %d listed and the link to vigil", n, text, listed)
		}
		if more := strings.Contains(text, fmt.Sprintf("and %d more", n-batchLines)); more != (n > batchLines) {
			t.Errorf("%d messages: %q says how many more: %v", n, text, more)
		}
	}
}
