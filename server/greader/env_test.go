package greader_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/server"
	"vigil/store/sqlite"
)

// testNow is the time the test server runs at.
var testNow = time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)

// env is vigil's whole server on a real SQLite file behind a loopback
// listener, spoken to as a reader app speaks the Google Reader API.
type env struct {
	t   *testing.T
	st  *sqlite.DB
	url string
}

// tester is a user with their password and API token.
type tester struct {
	*vigil.User
	password, token string
}

// newEnv starts a server on a new database.
func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvWith(t, server.Config{})
}

// newEnvWith is newEnv with the server configured by cfg (Now set).
func newEnvWith(t *testing.T, cfg server.Config) *env {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg.Now = func() time.Time { return testNow }
	srv := httptest.NewServer(server.New(st, cfg))
	t.Cleanup(srv.Close)
	return &env{t: t, st: st, url: srv.URL}
}

// user creates a user with a known password and token.
func (e *env) user(name string) tester {
	e.t.Helper()
	pw, tok := name+"-password", name+"-token"
	digest, err := account.HashPassword(pw, 1000)
	if err != nil {
		e.t.Fatal(err)
	}
	u := &vigil.User{Name: name, PasswordHash: digest, TokenHash: account.HashToken(tok), CreatedAt: testNow}
	if err := e.st.CreateUser(context.Background(), u); err != nil {
		e.t.Fatal(err)
	}
	return tester{User: u, password: pw, token: tok}
}

// follow subscribes u to url and returns the feed's ID.
func (e *env) follow(u tester, url string) int64 {
	e.t.Helper()
	sub, err := e.st.Subscribe(context.Background(), u.ID, url, 1, testNow)
	if err != nil {
		e.t.Fatal(err)
	}
	return sub.Feed.ID
}

// ingest stores n items in a feed, published an hour apart ending an hour
// before testNow, and returns their IDs, oldest first.
func (e *env) ingest(feedID int64, prefix string, n int) []int64 {
	e.t.Helper()
	items := make([]vigil.Item, n)
	for i := range items {
		items[i] = vigil.Item{
			Key: fmt.Sprintf("%s%d", prefix, i), Hash: fmt.Sprintf("h%s%d", prefix, i),
			URL:       fmt.Sprintf("https://example.com/%s%d", prefix, i),
			Title:     fmt.Sprintf("Item %s%d", prefix, i),
			Content:   `<p>body <script>alert(1)</script></p>`,
			Published: testNow.Add(-time.Duration(n-i) * time.Hour),
		}
	}
	f := vigil.Fetched{FeedID: feedID, Observation: vigil.Observation{At: testNow, Status: 200, Items: n}, Items: items}
	got, err := e.st.Ingest(context.Background(), f, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil })
	if err != nil {
		e.t.Fatal(err)
	}
	ids := make([]int64, len(got.New))
	for i, it := range got.New {
		ids[i] = it.ID
	}
	return ids
}

// ingestLate stores one item that vigil first sees at seen though it is
// dated published (a feed that publishes late or backdates) and returns
// its ID.
func (e *env) ingestLate(feedID int64, key string, seen, published time.Time) int64 {
	e.t.Helper()
	item := vigil.Item{Key: key, Hash: "h" + key, URL: "https://example.com/" + key, Title: "Item " + key, Published: published}
	f := vigil.Fetched{FeedID: feedID, Observation: vigil.Observation{At: seen, Status: 200, Items: 1}, Items: []vigil.Item{item}}
	got, err := e.st.Ingest(context.Background(), f, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil })
	if err != nil || len(got.New) != 1 {
		e.t.Fatalf("ingesting %s: %v, %d new", key, err, len(got.New))
	}
	return got.New[0].ID
}

// login logs in by ClientLogin and returns the Auth token.
func (e *env) login(name, secret string) string {
	e.t.Helper()
	code, body := e.post("", "/accounts/ClientLogin", url.Values{"Email": {name}, "Passwd": {secret}})
	if code != http.StatusOK {
		e.t.Fatalf("ClientLogin(%s): %d %s", name, code, body)
	}
	for line := range strings.Lines(body) {
		if auth, ok := strings.CutPrefix(strings.TrimSpace(line), "Auth="); ok {
			return auth
		}
	}
	e.t.Fatalf("ClientLogin answered no Auth line: %q", body)
	return ""
}

// get sends a GET with the Auth token and returns status and body.
func (e *env) get(auth, path string) (int, string) {
	e.t.Helper()
	req, err := http.NewRequest("GET", e.url+path, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return e.do(auth, req)
}

// post sends a form POST with the Auth token.
func (e *env) post(auth, path string, form url.Values) (int, string) {
	e.t.Helper()
	req, err := http.NewRequest("POST", e.url+path, strings.NewReader(form.Encode()))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return e.do(auth, req)
}

// do sends req, with "Authorization: GoogleLogin auth=..." unless auth is "".
func (e *env) do(auth string, req *http.Request) (int, string) {
	e.t.Helper()
	if auth != "" {
		req.Header.Set("Authorization", "GoogleLogin auth="+auth)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// getJSON GETs path and decodes a 200 JSON answer into a T.
func getJSON[T any](e *env, auth, path string) T {
	e.t.Helper()
	code, body := e.get(auth, path)
	if code != http.StatusOK {
		e.t.Fatalf("GET %s: %d %s", path, code, body)
	}
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		e.t.Fatalf("GET %s: %v in %s", path, err, body)
	}
	return v
}

// itemID is the long decimal form of an item ID.
func itemID(id int64) string { return fmt.Sprint(id) }

// hexID is the hex form of an item ID.
func hexID(id int64) string { return fmt.Sprintf("tag:google.com,2005:reader/item/%016x", id) }

// state reads u's read and starred states of an item from the store.
func (e *env) state(u tester, id int64) (read, starred bool) {
	e.t.Helper()
	items, err := e.st.ItemsByID(context.Background(), u.ID, []int64{id})
	if err != nil || len(items) != 1 {
		e.t.Fatalf("ItemsByID(%d): %v, %v", id, items, err)
	}
	return items[0].Read, items[0].Starred
}

// read reports whether u has read an item, by the store.
func (e *env) read(u tester, id int64) bool {
	r, _ := e.state(u, id)
	return r
}
