package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// TestFetchOne runs `vigil fetch URL|ID` against a loopback server that
// counts its requests: a check within a minute of the last fetch, or
// before the time the server asked for, is refused without a request.
func TestFetchOne(t *testing.T) {
	var news, busy atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/busy" {
			busy.Add(1)
			w.Header().Set("Retry-After", "7200")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		news.Add(1)
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, `<rss version="2.0"><channel><title>News</title><item><guid>1</guid><title>One</title></item></channel></rss>`)
	}))
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "v.db")
	for _, args := range [][]string{{"user", "add", "ann"}, {"add", srv.URL + "/news"}, {"add", srv.URL + "/busy"}} {
		if code, _, stderr := cli(t, db, "", args...); code != 0 {
			t.Fatalf("vigil %s: %s", strings.Join(args, " "), stderr)
		}
	}
	tests := []struct {
		name       string
		args       []string
		code       int
		out, err   string
		news, busy int32
	}{
		{"by ID", []string{"fetch", "--allow-private", "1"}, 0, "ok   " + srv.URL + "/news: 1 new, 0 updated", "", 1, 0},
		{"by URL at once: refused", []string{"fetch", "--allow-private", srv.URL + "/news"}, 1, "", "not checked now: it was fetched at", 1, 0},
		{"a server asking to wait: not fetched", []string{"fetch", "--allow-private", "2"}, 1, "wait " + srv.URL + "/busy", srv.URL + "/busy was not fetched: the server answered 503 Service Unavailable, asking to wait", 1, 1},
		{"and is refused again for its hint", []string{"fetch", "--allow-private", "2"}, 1, "", "its server asked not to be fetched again before", 1, 1},
		{"unknown ID", []string{"fetch", "--allow-private", "9"}, 1, "", "not found", 1, 1},
		{"unknown URL", []string{"fetch", "--allow-private", srv.URL + "/other"}, 1, "", "no feed or page has the URL", 1, 1},
		{"with --all", []string{"fetch", "--all", "1"}, 2, "", "not both", 1, 1},
		{"two arguments", []string{"fetch", "1", "2"}, 2, "", "at most one URL or ID", 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := cli(t, db, "", tt.args...)
			if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(stderr, tt.err) {
				t.Errorf("vigil %s: %d\nstdout %q\nstderr %q\nwant %d, stdout with %q, stderr with %q", strings.Join(tt.args, " "), code, out, stderr, tt.code, tt.out, tt.err)
			}
			if news.Load() != tt.news || busy.Load() != tt.busy {
				t.Errorf("the server got %d and %d request(s), want %d and %d", news.Load(), busy.Load(), tt.news, tt.busy)
			}
		})
	}
}

// TestFetchPassTellsWaitsApart checks that a pass reports a 429 as a wait,
// not a failure (a pass of waits alone is no failed command), and that a
// later pass over every feed says which feeds it left because their
// servers asked not to be fetched yet.
func TestFetchPassTellsWaitsApart(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "600")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "v.db")
	for _, args := range [][]string{{"user", "add", "ann"}, {"add", "--allow-private", srv.URL + "/busy"}} {
		if code, _, errOut := cli(t, db, "", args...); code != 0 {
			t.Fatal(errOut)
		}
	}
	steps := []struct {
		args []string
		want []string
	}{
		{[]string{"fetch", "--allow-private"}, []string{"wait " + srv.URL + "/busy: ", "fetched 1 feed(s), 0 failed, 1 asked to wait"}},
		{[]string{"fetch", "--all", "--allow-private"}, []string{"1 feed(s) left for later: their servers asked not to be fetched yet", "fetched 0 feed(s), 0 failed"}},
	}
	for _, s := range steps {
		code, out, errOut := cli(t, db, "", s.args...)
		for _, w := range s.want {
			if code != 0 || !strings.Contains(out, w) {
				t.Errorf("vigil %s: exit %d, %q %q; want exit 0 and %q", strings.Join(s.args, " "), code, out, errOut, w)
			}
		}
	}
}
