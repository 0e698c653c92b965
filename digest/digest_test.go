package digest

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/change"
	"vigil/clock"
	"vigil/digest/smtptest"
	"vigil/fetch"
	"vigil/store"
	"vigil/store/sqlite"
	"vigil/updates"
)

var (
	ctx  = context.Background()
	day0 = time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
)

// fixture is a store with two users following one page that changed twice
// on day0 and once the day after.
type fixture struct {
	st       *sqlite.DB
	ann, bob vigil.DigestSettings
	changes  []int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	f := &fixture{st: st}
	var ids []int64
	for _, name := range []string{"ann", "bob"} {
		u := &vigil.User{Name: name, PasswordHash: "x", TokenHash: "t-" + name}
		if err := st.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, u.ID)
	}
	sub, err := st.FollowPage(ctx, ids[0], "https://example.org/prices", 1, day0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.FollowPage(ctx, ids[1], "https://example.org/prices", 1, day0); err != nil {
		t.Fatal(err)
	}
	bodies := []string{"<p>The lamp costs 40 euros.</p>", "<p>The lamp costs 32 euros.</p>",
		"<p>The lamp costs 32 euros.</p><p>Sold out.</p>", "<p>Sold out.</p>"}
	times := []time.Time{day0.Add(8 * time.Hour), day0.Add(10 * time.Hour), day0.Add(20 * time.Hour), day0.Add(25 * time.Hour)}
	var prev *change.Document
	var prevID int64
	for i, b := range bodies {
		doc, err := change.Extract([]byte(b), "text/html", change.ExtractOptions{})
		if err != nil {
			t.Fatal(err)
		}
		v := &store.NewVersion{Hash: doc.Digest, ContentType: "text/html", Body: []byte(b)}
		if prev != nil {
			e := change.Compare(prev, doc)
			ext, _ := json.Marshal(e)
			v.Change = &store.NewChange{PrevID: prevID, Extents: ext, Severity: e.Severity.String(), Summary: e.Summary}
		}
		got, err := st.IngestPage(ctx, store.PageFetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: times[i], Status: 200}, Version: v, Read: true},
			func(bool, *vigil.Feed) (*vigil.Feed, error) { return nil, nil })
		if err != nil {
			t.Fatal(err)
		}
		if got.ChangeID != 0 {
			f.changes = append(f.changes, got.ChangeID)
		}
		prev, prevID = doc, got.VersionID
	}
	f.ann = vigil.DigestSettings{UserID: ids[0], Name: "ann", Email: "ann@example.org"}
	f.bob = vigil.DigestSettings{UserID: ids[1], Name: "bob", Email: "bob@example.org", Off: true}
	for _, d := range []vigil.DigestSettings{f.ann, f.bob} {
		if err := st.SetDigestSettings(ctx, d); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func TestBuildAppliesTheNotificationRule(t *testing.T) {
	f := newFixture(t)
	// Bob tells only important changes once rated; Ann rates the first negligible.
	if err := f.st.SetPageFollow(ctx, vigil.PageFollow{UserID: f.bob.UserID, FeedID: 1, Threshold: "important", Frequency: "daily"}); err != nil {
		t.Fatal(err)
	}
	if err := f.st.Evaluate(ctx, vigil.Evaluation{ChangeID: f.changes[0], UserID: f.ann.UserID, Rating: "negligible", At: day0.Add(11 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		user vigil.DigestSettings
		want []int64
	}{
		{f.ann, []int64{f.changes[0], f.changes[1]}}, // her own rating is nobody else's
		{f.bob, []int64{f.changes[1]}},               // rated negligible by Ann: below his threshold
	}
	for _, tt := range tests {
		d, err := Build(ctx, f.st, tt.user, day0.Add(12*time.Hour), time.UTC, updates.Config{})
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, c := range d.Changes {
			got = append(got, c.ID)
		}
		if len(got) != len(tt.want) || (len(got) > 0 && (got[0] != tt.want[0] || got[len(got)-1] != tt.want[len(tt.want)-1])) {
			t.Errorf("%s's digest of %s: %v, want %v", tt.user.Name, d.Day, got, tt.want)
		}
	}
}

func TestBuildDayInTimeZone(t *testing.T) {
	f := newFixture(t)
	// In UTC+5, day0's 20:00 UTC change falls on March 3 with the one at 01:00 UTC.
	loc := time.FixedZone("UTC+5", 5*3600)
	d, err := Build(ctx, f.st, f.ann, time.Date(2026, 3, 3, 12, 0, 0, 0, loc), loc, updates.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Day != "2026-03-03" || len(d.Changes) != 2 {
		t.Errorf("digest %s has %d changes, want 2", d.Day, len(d.Changes))
	}
}

// hookCatcher is a webhook receiver on loopback.
type hookCatcher struct {
	mu     sync.Mutex
	bodies []hookDigest
}

// hookDigest is the webhook's JSON as a receiver reads it.
type hookDigest struct {
	User    string `json:"user"`
	Day     string `json:"day"`
	Changes []struct {
		URL     string `json:"url"`
		Summary string `json:"summary"`
	} `json:"changes"`
}

func (h *hookCatcher) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	var d hookDigest
	if r.Header.Get("Content-Type") != "application/json" || json.Unmarshal(b, &d) != nil {
		http.Error(w, "bad digest", http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.bodies = append(h.bodies, d)
}

func TestRunnerSendsOnceByMailAndWebhook(t *testing.T) {
	f := newFixture(t)
	mb := smtptest.Start(t, "vigil", "s3cret")
	hooks := &hookCatcher{}
	hookSrv := httptest.NewServer(hooks)
	defer hookSrv.Close()
	f.bob.Webhook = hookSrv.URL + "/hook"
	if err := f.st.SetDigestSettings(ctx, f.bob); err != nil {
		t.Fatal(err)
	}
	clk := clock.NewVirtual(day0.Add(30 * time.Hour))
	r := &Runner{Store: f.st, Clock: clk, BaseURL: "http://vigil.example",
		Mail:     &SMTP{Host: mb.Host, Port: mb.Port, From: "vigil@example.org", Username: "vigil", Password: "wrong"},
		Webhooks: fetch.NewPostClient(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second})}
	if _, err := r.SendDay(ctx, day0); err == nil || strings.Contains(err.Error(), "*") {
		t.Fatalf("with a wrong password: %v, want an error", err)
	}
	r.Mail.Password = "s3cret"
	sent, err := r.SendDay(ctx, day0)
	if err != nil {
		t.Fatal(err)
	}
	if sent.Mails != 1 || sent.Webhooks != 0 {
		t.Errorf("sent = %+v, want one mail (ann; bob opted out), bob's webhook gone out in the first pass", sent)
	}
	mails := mb.Received()
	if len(mails) != 1 || mails[0].To != "ann@example.org" || mails[0].From != "vigil@example.org" {
		t.Fatalf("mails = %+v", mails)
	}
	for _, want := range []string{"Subject: vigil: 2 page changes on 2026-03-02", "https://example.org/prices", "http://vigil.example/changes/"} {
		if !strings.Contains(mails[0].Data, want) {
			t.Errorf("mail lacks %q:\n%s", want, mails[0].Data)
		}
	}
	if again, _ := r.SendDay(ctx, day0); again.Mails != 0 || len(mb.Received()) != 1 {
		t.Errorf("a second pass sent again: %+v", again)
	}
	hooks.mu.Lock()
	defer hooks.mu.Unlock()
	if len(hooks.bodies) != 1 || hooks.bodies[0].User != "bob" || len(hooks.bodies[0].Changes) != 2 {
		t.Errorf("webhook got %+v", hooks.bodies)
	}
}

func TestAtomFeed(t *testing.T) {
	f := newFixture(t)
	d, err := Build(ctx, f.st, f.ann, day0, time.UTC, updates.Config{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := Atom("ann", []Digest{d, {Day: "2026-03-01"}}, "http://vigil.example/api/digest.atom", "http://vigil.example", day0)
	if err != nil {
		t.Fatal(err)
	}
	var feed struct {
		Entries []struct {
			Title   string `xml:"title"`
			Content string `xml:"content"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal(out, &feed); err != nil {
		t.Fatalf("not XML: %v\n%s", err, out)
	}
	if len(feed.Entries) != 1 || feed.Entries[0].Title != "2 page changes on 2026-03-02" || !strings.Contains(feed.Entries[0].Content, "example.org/prices") {
		t.Errorf("feed = %+v", feed)
	}
}

func TestWebhookRefusesPrivateAddresses(t *testing.T) {
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits++ }))
	defer srv.Close()
	client := fetch.NewPostClient(fetch.Config{Timeout: 5 * time.Second})
	err := PostWebhook(ctx, client, srv.URL+"/hook", Digest{User: "ann", Day: "2026-03-02"})
	if err == nil || hits != 0 {
		t.Fatalf("a webhook to loopback: %v, %d hits; want refused", err, hits)
	}
}
