package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"vigil/store/sqlite"
)

// TestAddFindsAdvertisedFeeds runs `vigil add` on a blog's pages served on
// loopback: the one feed of a page is followed, several feeds or none are
// listed and nothing is followed, --page watches the page, and without
// --allow-private the page is not looked at.
func TestAddFindsAdvertisedFeeds(t *testing.T) {
	var pageHits atomic.Int32
	pages := map[string]string{
		"/":        `<link rel="alternate" type="application/atom+xml" title="Posts" href="/feed.atom">`,
		"/archive": `<link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml"><link rel="alternate" type="application/feed+json" title="JSON" href="/feed.json">`,
		"/shop":    ``,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if head, ok := pages[r.URL.Path]; ok {
			pageHits.Add(1)
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, "<!doctype html><html><head>%s</head><body>Blog</body></html>", head)
			return
		}
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, `<rss version="2.0"><channel><title>Blog</title></channel></rss>`)
	}))
	defer srv.Close()
	db := annDB(t)
	tests := []struct {
		name      string
		args      []string
		code      int
		out, err  string
		pageHits  int32
		following string // a URL ann follows afterwards, "" for none new
	}{
		{"guarded: followed as given, unseen", []string{"add", srv.URL + "/shop"}, 0, "ann follows feed 1: " + srv.URL + "/shop", "could not look at", 0, srv.URL + "/shop"},
		{"one feed", []string{"add", "--allow-private", srv.URL + "/"}, 0, "is a web page advertising one feed; ann follows feed 2: " + srv.URL + "/feed.atom", "", 1, srv.URL + "/feed.atom"},
		{"several feeds", []string{"add", "--allow-private", srv.URL + "/archive"}, 1, srv.URL + "/feed.json\tJSON", "advertising 2 feeds (listed): add one of them, or add the page with --page", 1, ""},
		{"no feed", []string{"add", "--allow-private", srv.URL + "/shop?x=1"}, 1, "", "advertising no feed: add it with --page", 1, ""},
		{"the page itself", []string{"add", "--allow-private", "--page", srv.URL + "/archive"}, 0, "ann watches page 3: " + srv.URL + "/archive", "", 0, srv.URL + "/archive"},
		{"a feed chosen", []string{"add", "--allow-private", srv.URL + "/feed.json"}, 0, "ann follows feed 4: " + srv.URL + "/feed.json", "", 0, srv.URL + "/feed.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := pageHits.Load()
			code, out, stderr := cli(t, db, "", tt.args...)
			if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(stderr, tt.err) || (tt.err == "" && stderr != "") {
				t.Errorf("vigil %s: %d\nstdout %q\nstderr %q\nwant %d, stdout with %q, stderr with %q", strings.Join(tt.args, " "), code, out, stderr, tt.code, tt.out, tt.err)
			}
			if n := pageHits.Load() - before; n != tt.pageHits {
				t.Errorf("the pages were fetched %d time(s), want %d", n, tt.pageHits)
			}
		})
	}
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	subs, err := st.Subscriptions(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range subs {
		got = append(got, s.Feed.URL)
	}
	for _, tt := range tests {
		if tt.following != "" && !strings.Contains(strings.Join(got, " "), tt.following) {
			t.Errorf("ann follows %q, not %s", got, tt.following)
		}
	}
	if len(got) != 4 {
		t.Errorf("ann follows %d URLs %q, want 4: the pages with several feeds or none were not followed", len(got), got)
	}
}
