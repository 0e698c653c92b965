package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"vigil"
)

// TestItemsAsTheAPIShowsThem checks that vigil items answers a feed that
// is not there as the API does (not found), and that vigil items and vigil
// search print item HTML sanitised as the API does.
func TestItemsAsTheAPIShowsThem(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, `<rss version="2.0"><channel><title>Hostile</title><link>http://example.org/</link><item><guid>1</guid><title>x</title>`+
			`<description><![CDATA[<p onclick="steal()">hello<script>alert(1)</script></p>]]></description></item></channel></rss>`)
	}))
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "v.db")
	for _, args := range [][]string{{"user", "add", "ann"}, {"add", srv.URL + "/feed"}, {"fetch", "--allow-private", "--host-gap", "0"}} {
		if code, _, stderr := cli(t, db, "", args...); code != 0 {
			t.Fatalf("%v: %d %q", args, code, stderr)
		}
	}
	for _, args := range [][]string{{"items", "--json"}, {"search", "hello", "--json"}} {
		code, out, stderr := cli(t, db, "", args...)
		var items []vigil.Item
		if err := json.Unmarshal([]byte(out), &items); code != 0 || err != nil || len(items) != 1 {
			t.Fatalf("%v: %d %v %q %q", args, code, err, out, stderr)
		}
		if body := items[0].Summary + items[0].Content; strings.Contains(body, "script") || strings.Contains(body, "onclick") || !strings.Contains(body, "<p>hello</p>") {
			t.Fatalf("%v printed unsanitised HTML: %q", args, body)
		}
	}
	tests := []struct {
		args   []string
		code   int
		errHas string
	}{
		{[]string{"items", "--feed", "999"}, 1, "there is no feed with ID 999"},
		{[]string{"items", "--feed", "999", "--user", "ann", "--json"}, 1, "ann does not follow a feed with ID 999"},
		{[]string{"items", "--feed", "1", "--user", "ann"}, 0, ""},
	}
	for _, tc := range tests {
		code, _, stderr := cli(t, db, "", tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.errHas) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr, tc.code, tc.errHas)
		}
	}
}

// TestImportedTitleGivesWayToTheFeeds checks that the first fetch that
// finds the feed's own title replaces the imported one.
func TestImportedTitleGivesWayToTheFeeds(t *testing.T) {
	srv := feedServer(t)
	db := filepath.Join(t.TempDir(), "v.db")
	doc := `<opml version="2.0"><body><outline text="Imported name" xmlUrl="` + srv.URL + `/a"/></body></opml>`
	steps := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"user", "add", "ann"}, "", "created"},
		{[]string{"import", "-"}, doc, "imported 1 new"},
		{[]string{"export"}, "", `text="Imported name"`},
		{[]string{"fetch", "--allow-private", "--host-gap", "0"}, "", "1 feed(s), 0 failed"},
		{[]string{"export"}, "", `text="Feed /a"`},
	}
	for _, s := range steps {
		if code, out, stderr := cli(t, db, s.stdin, s.args...); code != 0 || !strings.Contains(out, s.want) {
			t.Fatalf("%v: %d %q %q; want %q", s.args, code, out, stderr, s.want)
		}
	}
}

// TestFetchCountsFailures fetches one feed that answers and one that is
// gone: the summary counts the failure and the command succeeds, since
// not every fetch failed.
func TestFetchCountsFailures(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/gone" {
			http.Error(w, "gone", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, oneItemRSS)
	}))
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "v.db")
	for _, args := range [][]string{{"user", "add", "ann"}, {"add", srv.URL + "/ok"}, {"add", srv.URL + "/gone"}} {
		if code, _, stderr := cli(t, db, "", args...); code != 0 {
			t.Fatalf("%v: %d %q", args, code, stderr)
		}
	}
	code, out, stderr := cli(t, db, "", "fetch", "--allow-private", "--host-gap", "0")
	if code != 0 || !strings.Contains(out, "fetched 2 feed(s), 1 failed") || stderr != "" {
		t.Fatalf("fetch: %d %q %q", code, out, stderr)
	}
}
