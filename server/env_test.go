package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/store/sqlite"
)

// testNow is the fixed time the test servers run at.
var testNow = time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)

// env is a server on a real SQLite file behind a loopback HTTP listener.
type env struct {
	t   *testing.T
	st  *sqlite.DB
	srv *Server
	url string

	mu         sync.Mutex
	subscribed []int64 // feed IDs passed to OnSubscribe
	fetches    int     // fetches ingested so far, to space their times
}

// newEnv starts a server with the given configuration; OnSubscribe is set
// by the environment, and Now too unless given.
func newEnv(t *testing.T, cfg Config) *env {
	t.Helper()
	return newEnvOn(t, openStore(t), cfg)
}

// openStore opens a new SQLite store in a temporary directory, closed
// when the test ends.
func openStore(t *testing.T) *sqlite.DB {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// newEnvOn starts a server over st, as newEnv does.
func newEnvOn(t *testing.T, st *sqlite.DB, cfg Config) *env {
	t.Helper()
	e := &env{t: t, st: st}
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return testNow }
	}
	cfg.OnSubscribe = e.onSubscribe
	e.srv = New(st, cfg)
	srv := httptest.NewServer(e.srv)
	t.Cleanup(srv.Close)
	e.url = srv.URL
	return e
}

func (e *env) onSubscribe(id int64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.subscribed = append(e.subscribed, id)
}

// woken returns the feed IDs passed to OnSubscribe so far.
func (e *env) woken() []int64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.subscribed)
}

// tester is a user of the environment with their password and API token.
type tester struct {
	*vigil.User
	password, token string
}

// user creates a user with a cheap password digest and an API token.
func (e *env) user(name string) tester {
	e.t.Helper()
	pw := name + "-secret"
	digest, err := account.HashPassword(pw, 1000)
	if err != nil {
		e.t.Fatal(err)
	}
	tok, err := account.NewSecret()
	if err != nil {
		e.t.Fatal(err)
	}
	u := &vigil.User{Name: name, PasswordHash: digest, TokenHash: account.HashToken(tok)}
	if err := e.st.CreateUser(context.Background(), u); err != nil {
		e.t.Fatal(err)
	}
	return tester{User: u, password: pw, token: tok}
}

// follow subscribes a user to url directly in the store.
func (e *env) follow(u tester, url string) int64 {
	e.t.Helper()
	sub, err := e.st.Subscribe(context.Background(), u.ID, url, 1, testNow)
	if err != nil {
		e.t.Fatal(err)
	}
	return sub.Feed.ID
}

// ingest stores items as one fetch of a feed, setting the feed state to
// state when it is not nil, and returns the items with their IDs.
func (e *env) ingest(feedID int64, state *vigil.Feed, items ...vigil.Item) []vigil.Item {
	e.t.Helper()
	e.fetches++
	at := testNow.Add(-time.Hour + time.Duration(e.fetches)*time.Minute)
	f := vigil.Fetched{
		FeedID:      feedID,
		Observation: vigil.Observation{FeedID: feedID, At: at, Status: 200, Bytes: 1234, Latency: 250 * time.Millisecond, Items: len(items)},
		Items:       items,
	}
	got, err := e.st.Ingest(context.Background(), f, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return state, nil })
	if err != nil {
		e.t.Fatal(err)
	}
	return got.New
}

// items returns n items titled prefix-0 … prefix-(n-1), published an hour
// apart with the last one newest.
func items(prefix string, n int) []vigil.Item {
	out := make([]vigil.Item, n)
	for i := range out {
		key := prefix + "-" + string(rune('a'+i))
		out[i] = vigil.Item{Key: key, Title: key, URL: "https://example.com/" + key, Content: "<p>body of " + key + "</p>",
			Published: testNow.Add(time.Duration(i-n) * time.Hour)}
	}
	return out
}

// call sends an API request authenticated by token (none when empty) and
// returns the status and body.
func (e *env) call(method, path, token string, body any) (int, []byte) {
	e.t.Helper()
	req := e.request(method, path, body)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return e.do(http.DefaultClient, req)
}

// request builds a request with body encoded as JSON, or sent as is when it
// is a string, labelled as JSON when there is a body.
func (e *env) request(method, path string, body any) *http.Request {
	e.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, e.url+path, r)
	if err != nil {
		e.t.Fatal(err)
	}
	if r != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// do sends req with client and reads the whole answer.
func (e *env) do(client *http.Client, req *http.Request) (int, []byte) {
	e.t.Helper()
	resp, err := client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return resp.StatusCode, data
}

// decode unmarshals an API answer, failing the test when it is not JSON.
func decode[T any](t *testing.T, data []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("answer %q is not the expected JSON: %v", data, err)
	}
	return v
}

// browser is a web visitor with a cookie jar that does not follow redirects.
type browser struct {
	e      *env
	client *http.Client
}

// browser returns a new visitor without cookies.
func (e *env) browser() *browser {
	jar, err := cookiejar.New(nil)
	if err != nil {
		e.t.Fatal(err)
	}
	client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &browser{e: e, client: client}
}

// get fetches a page and returns the status, the Location header and the body.
func (b *browser) get(path string) (int, string, string) {
	b.e.t.Helper()
	resp, err := b.client.Get(b.e.url + path)
	if err != nil {
		b.e.t.Fatal(err)
	}
	return answer(b.e.t, resp)
}

// post submits a form and returns the status, the Location header and the body.
func (b *browser) post(path string, form url.Values) (int, string, string) {
	b.e.t.Helper()
	resp, err := b.client.PostForm(b.e.url+path, form)
	if err != nil {
		b.e.t.Fatal(err)
	}
	return answer(b.e.t, resp)
}

// answer reads a response's status, Location and body.
func answer(t *testing.T, resp *http.Response) (int, string, string) {
	t.Helper()
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header.Get("Location"), string(data)
}

// login signs the visitor in as u, failing the test otherwise.
func (b *browser) login(u tester) {
	b.e.t.Helper()
	status, loc, body := b.post("/login", url.Values{"name": {u.Name}, "password": {u.password}})
	if status != http.StatusSeeOther || loc != "/" {
		b.e.t.Fatalf("login as %s: status %d, Location %q, body %s", u.Name, status, loc, body)
	}
}

var csrfPattern = regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`)

// csrf reads the CSRF token from the visitor's home page.
func (b *browser) csrf() string {
	b.e.t.Helper()
	_, _, body := b.get("/")
	m := csrfPattern.FindStringSubmatch(body)
	if m == nil {
		b.e.t.Fatalf("no CSRF token on the home page: %s", body)
	}
	return m[1]
}
