package greader_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/server"
	"vigil/store/sqlite"
)

// fuzzEndpoints are the Google Reader endpoints FuzzGoogleReader drives;
// the input is the query string of a GET and the form of a POST.
var fuzzEndpoints = []struct{ method, path string }{
	{"GET", "/reader/api/0/stream/contents"},
	{"GET", "/reader/api/0/stream/contents/feed/https://example.com/feed"},
	{"GET", "/reader/api/0/stream/items/ids"},
	{"POST", "/reader/api/0/stream/items/contents"},
	{"GET", "/reader/api/0/unread-count"},
	{"GET", "/reader/atom"},
	{"POST", "/reader/api/0/edit-tag"},
	{"POST", "/reader/api/0/mark-all-as-read"},
	{"POST", "/reader/api/0/subscription/edit"},
	{"POST", "/reader/api/0/subscription/quickadd"},
	{"POST", "/reader/api/0/rename-tag"},
	{"POST", "/reader/api/0/disable-tag"},
	{"POST", "/accounts/ClientLogin"},
}

// fuzzGoTypeName matches what gives away a Go type in a message: a
// numeric type name or a package-qualified name.
var fuzzGoTypeName = regexp.MustCompile(`\b(u?int(8|16|32|64)|float(32|64))\b|\*?\b[a-z]+\.[A-Z]\w*`)

// fuzzQuoted matches the strings a message quotes (the client's own input).
var fuzzQuoted = regexp.MustCompile(`"(\\.|[^"\\])*"`)

// FuzzGoogleReader sends arbitrary parameters and forms to the Google
// Reader API of the real server over a real store and checks that every
// answer is a success or a client error (never a 500) whose message shows
// no Go type name.
func FuzzGoogleReader(f *testing.F) {
	seeds := []struct {
		endpoint uint8
		input    string
	}{
		{0, "n=20&xt=user/-/state/com.google/read&r=o"}, {0, "n=-1"}, {0, "c=zzz"}, {0, "ot=99999999999999999999"},
		{1, "nt=1&ot=2&r=n"}, {2, "s=user/-/state/com.google/reading-list&n=1000000"}, {2, "s=feed/http://[::1"},
		{3, "i=1&i=tag:google.com,2005:reader/item/00000000000000ff"}, {3, "i=-5&i=x"}, {4, "output=json"},
		{5, "n=3"}, {6, "i=1&a=user/-/state/com.google/read"}, {6, "i=1&a=user/-/label/%00"}, {7, "s=feed/x&ts=1e400"},
		{8, "ac=subscribe&s=feed/http://a:99999/&t=x"}, {8, "ac=edit&s=feed/https://example.com/feed&a=user/-/label/News"},
		{9, "quickadd=javascript:alert(1)"}, {10, "s=user/-/label/a&dest=user/-/label/"}, {11, "s=user/-/label/"},
		{12, "Email=fuzz&Passwd=wrong"}, {6, "T=bad&i=1"}, {8, "ac=edit&s=feed/0000000 aaaaaaa.A"}, {2, "s=feed/a.B"},
	}
	for _, s := range seeds {
		f.Add(s.endpoint, s.input)
	}
	srv, auth := fuzzServer(f)
	f.Fuzz(func(t *testing.T, endpoint uint8, input string) {
		ep := fuzzEndpoints[int(endpoint)%len(fuzzEndpoints)]
		req := httptest.NewRequest(ep.method, ep.path, nil)
		if ep.method == "POST" {
			req = httptest.NewRequest(ep.method, ep.path, strings.NewReader(input))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		} else {
			req.URL.RawQuery = input
		}
		req.Header.Set("Authorization", "GoogleLogin auth="+auth)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		what := fmt.Sprintf("%s %s %q", ep.method, ep.path, input)
		if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
			t.Fatalf("%s: status %d: %s", what, rec.Code, rec.Body)
		}
		if rec.Code >= 400 {
			if m := fuzzGoTypeName.FindString(fuzzQuoted.ReplaceAllString(rec.Body.String(), `""`)); m != "" {
				t.Fatalf("%s: error %q shows the Go type name %q", what, rec.Body, m)
			}
		}
	})
}

// fuzzServer starts the server over a new store with one user following
// one feed with an item, logs in by ClientLogin and returns the server and
// the Auth token.
func fuzzServer(f *testing.F) (http.Handler, string) {
	st, err := sqlite.Open(filepath.Join(f.TempDir(), "v.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	digest, err := account.HashPassword("fuzz-password", 1000)
	if err != nil {
		f.Fatal(err)
	}
	ctx := context.Background()
	u := &vigil.User{Name: "fuzz", PasswordHash: digest, TokenHash: account.HashToken("fuzz-token"), CreatedAt: testNow}
	if err := st.CreateUser(ctx, u); err != nil {
		f.Fatal(err)
	}
	sub, err := st.Subscribe(ctx, u.ID, "https://example.com/feed", 1, testNow)
	if err != nil {
		f.Fatal(err)
	}
	item := vigil.Item{Key: "1", Hash: "h1", URL: "https://example.com/1", Title: "One", Content: "<p>one</p>", Published: testNow.Add(-time.Hour)}
	fetched := vigil.Fetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: testNow, Status: 200, Items: 1}, Items: []vigil.Item{item}}
	if _, err := st.Ingest(ctx, fetched, func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }); err != nil {
		f.Fatal(err)
	}
	srv := server.New(st, server.Config{Now: func() time.Time { return testNow }, Logger: slog.New(slog.DiscardHandler)})
	form := url.Values{"Email": {"fuzz"}, "Passwd": {"fuzz-password"}}
	req := httptest.NewRequest("POST", "/accounts/ClientLogin", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Body)
	for line := range strings.Lines(string(body)) {
		if auth, ok := strings.CutPrefix(strings.TrimSpace(line), "Auth="); ok {
			return srv, auth
		}
	}
	f.Fatalf("ClientLogin: %d %q", rec.Code, body)
	return nil, ""
}
