package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/digest/smtptest"
	"vigil/store"
	"vigil/store/sqlite"
)

// pageServer serves an HTML page whose body the test can replace.
type pageServer struct {
	mu   sync.Mutex
	body string
}

func (p *pageServer) set(b string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.body = b
}

func (p *pageServer) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	w.Header().Set("Content-Type", "text/html")
	w.Write([]byte(p.body))
}

func TestPageCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	ps := &pageServer{body: `<html><head><title>Prices</title></head><body><p>The lamp costs 40 euros.</p></body></html>`}
	srv := httptest.NewServer(ps)
	defer srv.Close()
	mustRun := func(args ...string) string {
		t.Helper()
		code, out, errOut := cli(t, db, "", args...)
		if code != 0 {
			t.Fatalf("vigil %s: exit %d: %s", strings.Join(args, " "), code, errOut)
		}
		return out
	}
	mustRun("user", "add", "ann")
	if out := mustRun("add", "--page", srv.URL+"/prices"); !strings.Contains(out, "ann watches page 1") {
		t.Errorf("add --page printed %q", out)
	}
	mustRun("fetch", "--all", "--allow-private")
	ps.set(`<html><head><title>Prices</title></head><body><p>The lamp costs 32 euros.</p><a href="/sale">Sale</a></body></html>`)
	mustRun("fetch", "--all", "--allow-private")
	var changes []map[string]any
	if err := json.Unmarshal([]byte(mustRun("changes", "--json")), &changes); err != nil {
		t.Fatal(err)
	}
	if len(changes) != 1 {
		t.Fatalf("changes = %v, want one", changes)
	}
	c := changes[0]
	for _, k := range []string{"any", "text", "tokens", "phrases", "links", "images", "links_added", "links_removed",
		"images_added", "images_removed", "severity", "summary", "url", "time", "evaluations"} {
		if _, ok := c[k]; !ok {
			t.Errorf("changes --json lacks %q: %v", k, c)
		}
	}
	if c["links_added"] != 1.0 || c["url"] != srv.URL+"/prices" {
		t.Errorf("change = %v", c)
	}
	if out := mustRun("rate", "1", "important", "--comment", "price dropped 20%"); !strings.Contains(out, "rated change 1 important") {
		t.Errorf("rate printed %q", out)
	}
	json.Unmarshal([]byte(mustRun("changes", "--json")), &changes)
	ev, _ := changes[0]["evaluations"].([]any)
	if len(ev) != 1 || ev[0].(map[string]any)["comment"] != "price dropped 20%" {
		t.Errorf("evaluations = %v", changes[0]["evaluations"])
	}
	if out := mustRun("changes", "--page", "1"); !strings.Contains(out, srv.URL+"/prices") {
		t.Errorf("changes --page 1 = %q, want the change", out)
	}
	if code, out, errOut := cli(t, db, "", "changes", "--page", "99"); code != 1 || !strings.Contains(errOut, "ann follows no page 99") {
		t.Errorf("changes of a page ann does not follow: exit %d, %q %q; want 1 and why", code, out, errOut)
	}
	for _, bad := range [][]string{{"rate", "1", "huge"}, {"rate", "x", "important"}, {"rate", "99", "important"}} {
		if code, _, errOut := cli(t, db, "", bad...); code == 0 || strings.Contains(errOut, "*") {
			t.Errorf("vigil %v: exit %d, %q", bad, code, errOut)
		}
	}
}

func TestDigestCommandSendsOverSMTP(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	mb := smtptest.Start(t, "", "")
	ps := &pageServer{body: `<html><body><p>Opening hours: 9 to 17.</p></body></html>`}
	srv := httptest.NewServer(ps)
	defer srv.Close()
	mustRun := func(args ...string) string {
		t.Helper()
		code, out, errOut := cli(t, db, "", args...)
		if code != 0 {
			t.Fatalf("vigil %s: exit %d: %s", strings.Join(args, " "), code, errOut)
		}
		return out
	}
	mustRun("user", "add", "ann")
	mustRun("add", "--page", srv.URL+"/hours")
	mustRun("digest", "--email", "ann@example.org")
	mustRun("fetch", "--all", "--allow-private")
	ps.set(`<html><body><p>Opening hours: 10 to 16, closed on Mondays.</p></body></html>`)
	mustRun("fetch", "--all", "--allow-private")
	var changes []struct {
		Time time.Time `json:"time"`
	}
	if err := json.Unmarshal([]byte(mustRun("changes", "--json")), &changes); err != nil || len(changes) != 1 {
		t.Fatalf("changes: %v, %v", changes, err)
	}
	// The change's day is still going on: its digest would lose the rest
	// of the day, so it is refused and nothing is sent.
	today := changes[0].Time.UTC().Format(time.DateOnly)
	smtp := []string{"--smtp-host", mb.Host, "--smtp-port", strconv.Itoa(mb.Port), "--smtp-from", "vigil@example.org"}
	if code, out, errOut := cli(t, db, "", append([]string{"digest", "--send", today}, smtp...)...); code != 1 || !strings.Contains(errOut, "not over") || out != "" || len(mb.Received()) != 0 {
		t.Errorf("digest --send of a day not over: exit %d, %q %q, %d mail(s); want 1, why and no count", code, out, errOut, len(mb.Received()))
	}
	// A change of a day that is over, as the monitor stores it.
	yesterday := time.Now().UTC().AddDate(0, 0, -1)
	pageChangedOn(t, db, srv.URL+"/hours", time.Date(yesterday.Year(), yesterday.Month(), yesterday.Day(), 12, 0, 0, 0, time.UTC))
	day := yesterday.Format(time.DateOnly)
	// Without an SMTP server the e-mail cannot go: the command says which
	// setting is missing, and the day stays unsent for a later run.
	if code, out, errOut := cli(t, db, "", "digest", "--send", day); code != 1 || !strings.Contains(out, "0 e-mails") ||
		!strings.Contains(errOut, "1 user(s) with a digest e-mail address got none: no SMTP server is set; give --smtp-host") {
		t.Errorf("digest --send without --smtp-host: exit %d, %q, %q", code, out, errOut)
	}
	smtpArgs := append([]string{"digest", "--send", day}, smtp...)
	if out := mustRun(smtpArgs...); !strings.Contains(out, "1 e-mails") {
		t.Errorf("digest --send printed %q", out)
	}
	mails := mb.Received()
	if len(mails) != 1 || mails[0].To != "ann@example.org" || !strings.Contains(mails[0].Data, srv.URL+"/hours") {
		t.Fatalf("mails = %+v", mails)
	}
	if out := mustRun(smtpArgs...); !strings.Contains(out, "0 e-mails, 0 webhooks, 0 with nothing to tell, 1 sent before and not sent again") {
		t.Errorf("digest --send of a day sent already printed %q, want it to say so", out)
	}
	if len(mb.Received()) != 1 {
		t.Errorf("the day's digest was sent twice")
	}
	if code, _, errOut := cli(t, db, "", "digest", "--send", day, "--smtp-host", mb.Host); code != 2 || !strings.Contains(errOut, "sender address") {
		t.Errorf("digest without --smtp-from: exit %d, %q", code, errOut)
	}
}

// pageChangedOn stores, as the monitor does, two versions of the page at
// url fetched at at, the second a change from the first.
func pageChangedOn(t *testing.T, db, url string, at time.Time) {
	t.Helper()
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	subs, err := st.Subscriptions(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	var id int64
	for _, s := range subs {
		if s.Feed.URL == url {
			id = s.Feed.ID
		}
	}
	keep := func(bool, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }
	var prev int64
	for i, body := range []string{"<p>Closed on Sundays.</p>", "<p>Closed on Sundays and Mondays.</p>"} {
		v := &store.NewVersion{Hash: fmt.Sprintf("yesterday-%d", i), ContentType: "text/html", Body: []byte(body)}
		if prev != 0 {
			v.Change = &store.NewChange{PrevID: prev, Extents: json.RawMessage(`{"any":true,"text":0.4}`), Severity: "important", Summary: "about 40% of the text changed"}
		}
		ing, err := st.IngestPage(ctx, store.PageFetched{FeedID: id, Observation: vigil.Observation{FeedID: id, At: at.Add(time.Duration(i) * time.Minute), Status: 200}, Version: v, Read: true}, keep)
		if err != nil {
			t.Fatal(err)
		}
		prev = ing.VersionID
	}
}
