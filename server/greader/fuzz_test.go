package greader_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"vigil/server/apptest"
)

// fuzzEndpoints are the endpoints FuzzReaderAPI drives: the method and
// path, and whether the input is the query string (else a form body). The
// input of a path ending in "/" also names the stream in the path, up to
// its first "?".
var fuzzEndpoints = []struct {
	method, path string
	query        bool
}{
	{"GET", "/reader/api/0/stream/items/ids", true},
	{"GET", "/reader/api/0/stream/contents/", true},
	{"POST", "/reader/api/0/stream/items/contents", false},
	{"POST", "/reader/api/0/edit-tag", false},
	{"POST", "/reader/api/0/mark-all-as-read", false},
	{"POST", "/reader/api/0/subscription/edit", false},
	{"GET", "/reader/api/0/unread-count", true},
	{"GET", "/reader/atom/", true},
}

// goTypeName matches what gives away a Go type in a message.
var goTypeName = regexp.MustCompile(`\b(u?int(8|16|32|64)?|float(32|64)|bool|interface \{|struct \{)\b|\[\][a-z*]|map\[|\*?\b[a-z]+\.[A-Z]\w*`)

// quoted matches the strings a message quotes (the client's own input).
var quoted = regexp.MustCompile(`"(\\.|[^"\\])*"`)

// FuzzReaderAPI sends arbitrary Google Reader parameters (stream IDs, item
// IDs long and hex, n, ot, nt, xt, it, r, c, ts, edit-tag and subscription
// bodies) to the whole server over a real store, as a logged-in client: an
// answer is a success or a client error in words (never a 500, never a Go
// type name). Its seeds are what newsboat, Reeder and FreshRSS's clients
// send.
func FuzzReaderAPI(f *testing.F) {
	seeds := []struct {
		endpoint uint8
		input    string
	}{
		{0, "s=user/-/state/com.google/reading-list&n=1000&xt=user/-/state/com.google/read&output=json"},
		{0, "s=user/-/state/com.google/starred&n=10000&output=json"},
		{0, "s=feed/https://a.example/feed&ot=1741900000&nt=1741953600&r=o&c=1741950000000000000_2"},
		{0, "s=user/-/label/Tech&it=user/-/state/com.google/read&n=0"},
		{1, "feed/https://a.example/feed?n=20&c=x_y"},
		{1, "user/-/label/Tech?output=json&xt=user/-/state/com.google/read&ot=-5"},
		{1, "?r=d&n=99999999999999999999"},
		{2, "i=1&i=tag:google.com,2005:reader/item/0000000000000002&output=json"},
		{2, "i=000000000000000g"},
		{3, "i=tag:google.com,2005:reader/item/0000000000000001&a=user/-/state/com.google/read"},
		{3, "i=2&r=user/-/state/com.google/read&a=user/-/state/com.google/kept-unread&a=user/-/state/com.google/tracking-kept-unread"},
		{3, "i=0000000000000003&a=user/-/state/com.google/starred&T=wrong"},
		{3, "i=9223372036854775807&a=user/-/label/Mine"},
		{4, "s=feed/https://a.example/feed&ts=1741946400000000"},
		{4, "s=user/-/label/Tech&ts=1741946400"},
		{4, "s=user/-/state/com.google/reading-list&ts=-1"},
		{5, "ac=edit&s=feed/https://a.example/feed&a=user/-/label/News&t=A"},
		{5, "ac=edit&s=feed/https://a.example/feed&r=user/-/label/News"},
		{5, "ac=unsubscribe&s=feed/https://nobody.example/feed"},
		{5, "ac=subscribe&s=feed/http://a:99999/"},
		{6, "output=json"},
		{7, "feed/https://a.example/feed?n=2"},
	}
	for _, s := range seeds {
		f.Add(s.endpoint, s.input)
	}
	srv, auth := readerFuzzServer(f)
	f.Fuzz(func(t *testing.T, endpoint uint8, input string) {
		ep := fuzzEndpoints[int(endpoint)%len(fuzzEndpoints)]
		req := readerRequest(ep.method, ep.path, ep.query, input)
		req.Header.Set("Authorization", "GoogleLogin auth="+auth)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		checkReaderAnswer(t, ep.method+" "+ep.path+" "+input, rec)
	})
}

// readerRequest builds the request of one fuzz input, setting the URL's
// parts directly so that no input is refused before the server sees it.
func readerRequest(method, path string, inQuery bool, input string) *http.Request {
	var req *http.Request
	if inQuery {
		req = httptest.NewRequest(method, "/", nil)
	} else {
		req = httptest.NewRequest(method, "/", strings.NewReader(input))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.URL.Path = path
	if strings.HasSuffix(path, "/") {
		stream, rest, _ := strings.Cut(input, "?")
		req.URL.Path, input = path+stream, rest
	}
	if inQuery {
		req.URL.RawQuery = input
	}
	return req
}

// readerFuzzServer starts the whole server over a new store where one user
// follows two feeds of three items (the second in the folder Tech), and
// returns it with the user's Auth token from ClientLogin.
func readerFuzzServer(f *testing.F) (http.Handler, string) {
	srv := apptest.Server(f, testNow)
	rec := httptest.NewRecorder()
	login := httptest.NewRequest("POST", "/accounts/ClientLogin", strings.NewReader(url.Values{"Email": {apptest.User}, "Passwd": {apptest.Token}}.Encode()))
	login.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	srv.ServeHTTP(rec, login)
	for line := range strings.Lines(rec.Body.String()) {
		if auth, ok := strings.CutPrefix(strings.TrimSpace(line), "Auth="); ok {
			checkLoggedIn(f, srv, auth)
			return srv, auth
		}
	}
	f.Fatalf("ClientLogin: %d %q", rec.Code, rec.Body)
	return nil, ""
}

// checkLoggedIn fails unless auth lists the user's six items, so that the
// fuzz inputs reach the endpoints rather than stopping at authentication.
func checkLoggedIn(f *testing.F, srv http.Handler, auth string) {
	req := httptest.NewRequest("GET", "/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&output=json", nil)
	req.Header.Set("Authorization", "GoogleLogin auth="+auth)
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || strings.Count(rec.Body.String(), `"id"`) != 6 {
		f.Fatalf("the fuzz user's item IDs: %d %s", rec.Code, rec.Body)
	}
}

// checkReaderAnswer fails on a server error, and on a client error without
// a message in words or with a Go type name in it.
func checkReaderAnswer(t *testing.T, what string, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("%s: status %d: %s", what, rec.Code, rec.Body)
	}
	if rec.Code < 400 {
		return
	}
	msg := rec.Body.String()
	if strings.TrimSpace(msg) == "" {
		t.Fatalf("%s: status %d without a message", what, rec.Code)
	}
	if m := goTypeName.FindString(quoted.ReplaceAllString(msg, `""`)); m != "" {
		t.Fatalf("%s: error %q shows the Go type name %q", what, msg, m)
	}
}
