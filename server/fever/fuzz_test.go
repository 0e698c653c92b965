package fever_test

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"vigil/server/apptest"
)

// goTypeName matches what gives away a Go type in a message.
var goTypeName = regexp.MustCompile(`\b(u?int(8|16|32|64)?|float(32|64)|bool|interface \{|struct \{)\b|\[\][a-z*]|map\[|\*?\b[a-z]+\.[A-Z]\w*`)

// quoted matches the strings a message quotes (the client's own input).
var quoted = regexp.MustCompile(`"(\\.|[^"\\])*"`)

// FuzzFeverAPI sends arbitrary Fever parameters, in the query and in the
// form body beside a valid api_key, to the whole server over a real store:
// every answer is JSON with api_version 3, a success or a client error
// whose message is in words (never a 500, never a Go type name). Its seeds
// are what Fever clients (Reeder, Unread, ReadKit) send.
func FuzzFeverAPI(f *testing.F) {
	for _, s := range [][2]string{
		{"api", ""}, {"api&groups", ""}, {"api&feeds", ""}, {"api&favicons&links", ""},
		{"api&items&since_id=0", ""}, {"api&items&max_id=4", ""}, {"api&items&with_ids=1,2,3,0000000000000004", ""},
		{"api&items&with_ids=" + strings.Repeat("1,", 60), ""}, {"api&unread_item_ids&saved_item_ids", ""},
		{"api", "mark=item&as=read&id=1"}, {"api", "mark=item&as=saved&id=2"}, {"api", "mark=item&as=unsaved&id=-2"},
		{"api", "mark=feed&as=read&id=1&before=1741953600"}, {"api", "mark=group&as=read&id=0&before=0"},
		{"api", "mark=group&as=read&id=99999999999999999999"}, {"api&mark=item&as=burnt&id=1", ""},
		{"api&items&since_id=9223372036854775807", "since_id=x"}, {"api", "api_key=0123456789abcdef0123456789abcdef"},
	} {
		f.Add(s[0], s[1])
	}
	srv, key := feverFuzzServer(f)
	f.Fuzz(func(t *testing.T, query, body string) {
		req := httptest.NewRequest("POST", "/fever/", strings.NewReader("api_key="+key+"&"+body))
		req.URL.RawQuery = query
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		checkFeverAnswer(t, query+" "+body, rec)
	})
}

// feverFuzzServer starts the whole server over a new store where one user
// follows two feeds of three items (the second in the folder Tech) and has
// a Fever password, and returns it with the user's Fever key.
func feverFuzzServer(f *testing.F) (http.Handler, string) {
	srv := apptest.Server(f, testNow)
	req := httptest.NewRequest("PUT", "/api/me/fever", strings.NewReader(`{"password": "fuzz-fever-pass"}`))
	req.Header.Set("Authorization", "Bearer "+apptest.Token)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusNoContent {
		f.Fatalf("PUT /api/me/fever: %d %s", rec.Code, rec.Body)
	}
	sum := md5.Sum([]byte(apptest.User + ":fuzz-fever-pass"))
	key := hex.EncodeToString(sum[:])
	check := httptest.NewRequest("POST", "/fever/?api", strings.NewReader("api_key="+key))
	check.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, check)
	if !strings.Contains(rec.Body.String(), `"auth":1`) {
		f.Fatalf("the fuzz user's key is refused: %d %s", rec.Code, rec.Body)
	}
	return srv, key
}

// checkFeverAnswer fails unless the answer is Fever's JSON with
// api_version 3, and a client error's message is in words.
func checkFeverAnswer(t *testing.T, what string, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("%s: status %d: %s", what, rec.Code, rec.Body)
	}
	var answer struct {
		Version float64 `json:"api_version"`
		Error   *string `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || answer.Version != 3 {
		t.Fatalf("%s: status %d with body %q, not Fever's JSON", what, rec.Code, rec.Body)
	}
	if rec.Code < 400 {
		return
	}
	if answer.Error == nil || strings.TrimSpace(*answer.Error) == "" {
		t.Fatalf("%s: status %d without a message: %s", what, rec.Code, rec.Body)
	}
	if m := goTypeName.FindString(quoted.ReplaceAllString(*answer.Error, `""`)); m != "" {
		t.Fatalf("%s: error %q shows the Go type name %q", what, *answer.Error, m)
	}
}
