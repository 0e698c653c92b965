package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// TestFetchRunsContent runs `vigil fetch --policy content` over a loopback
// feed (content is not simulator-only); the policies
// that pick sources slot by slot are still refused by name.
func TestFetchRunsContent(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>http://example.org/</link>`+
			`<item><guid>a</guid><title>Saturn's rings</title><description>Ice and rock</description></item></channel></rss>`)
	}))
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "v.db")
	steps := []struct {
		args   []string
		code   int
		output string
	}{
		{[]string{"user", "add", "ann"}, 0, ""},
		{[]string{"add", srv.URL + "/feed"}, 0, ""},
		{[]string{"fetch", "--all", "--allow-private", "--policy", "content"}, 0, "fetched 1 feed(s), 0 failed"},
		{[]string{"fetch", "--all", "--allow-private", "--policy", "content"}, 0, "fetched 1 feed(s), 0 failed"},
		{[]string{"fetch", "--policy", "content-fair"}, 2, `unknown --policy "content-fair"`},
	}
	for _, s := range steps {
		code, stdout, stderr := cli(t, db, "", s.args...)
		if code != s.code || !strings.Contains(stdout+stderr, s.output) {
			t.Fatalf("%v: exit %d, %q %q; want %d and %q", s.args, code, stdout, stderr, s.code, s.output)
		}
	}
}
