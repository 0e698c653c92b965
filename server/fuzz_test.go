package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/store/sqlite"
)

// fuzzEndpoints are the API endpoints FuzzAPI drives: the method and path
// (%d takes the ID of a feed the user follows), and whether the input goes
// in the query string (else in the JSON body).
var fuzzEndpoints = []struct {
	method, path string
	query        bool
}{
	{"GET", "/api/items", true},
	{"GET", "/api/search", true},
	{"GET", "/api/feeds/%d/observations", true},
	{"GET", "/api/recommendations", true},
	{"GET", "/api/channels/search", true},
	{"POST", "/api/feeds", false},
	{"PATCH", "/api/feeds/%d", false},
	{"POST", "/api/items/read", false},
	{"POST", "/api/items/star", false},
	{"PUT", "/api/me/interests", false},
}

// goTypeName matches what gives away a Go type in a message: a numeric or
// composite type name, or a package-qualified name.
var goTypeName = regexp.MustCompile(`\b(u?int(8|16|32|64)?|float(32|64)|complex(64|128)|bool|rune|interface \{|struct \{)\b|\[\][a-z*]|map\[|\*?\b[a-z]+\.[A-Z]\w*`)

// quoted matches the strings a message quotes (the client's own input).
var quoted = regexp.MustCompile(`"(\\.|[^"\\])*"`)

// FuzzAPI sends arbitrary parameters and JSON bodies to the real API over
// a real store and checks that every answer is a success or a client error
// (never a 500) and that an error is {"error": message} in words, without
// Go type names. Its seeds include subscriptions to the corpora's URLs.
func FuzzAPI(f *testing.F) {
	seeds := []struct {
		endpoint uint8
		input    string
	}{
		{0, "limit=2&offset=1"}, {0, "before=1.2&unread=1&feed=1"}, {0, "limit=99999999999999999999"}, {0, "starred=maybe"},
		{1, "q=%22a+phrase&limit=3"}, {1, "q=NEAR(a)"}, {2, "limit=-1"}, {3, "items=5&channels=x"}, {4, "q=*"},
		{5, `{"url": "https://example.com/feed", "weight": 2}`}, {5, `{"url": 5}`}, {5, `{"url": "http://a:99999/"}`},
		{6, `{"weight": 1e400}`}, {6, `{"weight": "2"}`}, {7, `{"ids": [1, 2], "read": true}`}, {7, `{"ids": [-1]}`},
		{8, `{"ids": [1], "starred": null}`}, {9, `{"text": "astronomy"}`}, {9, `{"text": 3}`}, {5, `{"url": "x"} {}`},
	}
	for _, s := range seeds {
		f.Add(s.endpoint, s.input)
	}
	addSubscribeSeeds(f)
	srv, token, feedID := fuzzServer(f)
	f.Fuzz(func(t *testing.T, endpoint uint8, input string) {
		ep := fuzzEndpoints[int(endpoint)%len(fuzzEndpoints)]
		req := fuzzRequest(ep.method, ep.path, ep.query, input, feedID)
		req.Header.Set("Authorization", "Bearer "+token)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		checkAnswer(t, ep.method+" "+req.URL.String(), rec)
	})
}

// addSubscribeSeeds adds subscriptions to URLs found in the feed corpora
// (../../shared/corpora/feeds, beside the repository), read in place.
func addSubscribeSeeds(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpora", "feeds", "feedparser", "tests", "wellformed", "*", "*.xml"))
	url := regexp.MustCompile(`https?://[^\s"'<>]+`)
	step := max(1, len(paths)/50)
	for i := 0; i < len(paths); i += step {
		b, err := os.ReadFile(paths[i])
		if err != nil {
			continue
		}
		if u := url.Find(b); u != nil {
			body, _ := json.Marshal(map[string]any{"url": string(u)})
			f.Add(uint8(5), string(body))
		}
	}
}

// fuzzServer starts the server over a new store with one user following
// one feed, and returns it with the user's token and the feed's ID.
func fuzzServer(f *testing.F) (*Server, string, int64) {
	st, err := sqlite.Open(filepath.Join(f.TempDir(), "v.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	tok, err := account.NewSecret()
	if err != nil {
		f.Fatal(err)
	}
	u := &vigil.User{Name: "fuzz", PasswordHash: "x", TokenHash: account.HashToken(tok)}
	ctx := context.Background()
	if err := st.CreateUser(ctx, u); err != nil {
		f.Fatal(err)
	}
	sub, err := st.Subscribe(ctx, u.ID, "https://example.com/feed", 1, testNow)
	if err != nil {
		f.Fatal(err)
	}
	return New(st, Config{Now: func() time.Time { return testNow }, Logger: slog.New(slog.DiscardHandler)}), tok, sub.Feed.ID
}

// fuzzRequest builds the request of one fuzz input.
func fuzzRequest(method, path string, inQuery bool, input string, feedID int64) *http.Request {
	if bytes.Contains([]byte(path), []byte("%d")) {
		path = fmt.Sprintf(path, feedID)
	}
	if inQuery {
		req := httptest.NewRequest(method, path, nil)
		req.URL.RawQuery = input
		return req
	}
	req := httptest.NewRequest(method, path, bytes.NewReader([]byte(input)))
	req.Header.Set("Content-Type", "application/json")
	return req
}

// checkAnswer fails unless the answer is a success, or a client error
// with a JSON message free of Go type names.
func checkAnswer(t *testing.T, what string, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("%s: status %d: %s", what, rec.Code, rec.Body)
	}
	if rec.Code < 400 {
		return
	}
	var answer struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || answer.Error == "" {
		t.Fatalf("%s: status %d with body %q, not {\"error\": message}", what, rec.Code, rec.Body)
	}
	if m := goTypeName.FindString(quoted.ReplaceAllString(answer.Error, `""`)); m != "" {
		t.Fatalf("%s: error %q shows the Go type name %q", what, answer.Error, m)
	}
}
