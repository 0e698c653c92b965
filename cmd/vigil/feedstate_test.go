package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// vigil feeds names a feed's state as the web page and the API do.
func TestFeedsShowsState(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusInternalServerError)
	}))
	t.Cleanup(srv.Close)
	if code, out, stderr := cli(t, db, "", "user", "add", "ann"); code != 0 {
		t.Fatalf("user add: %d %q %q", code, out, stderr)
	}
	if code, out, stderr := cli(t, db, "", "add", srv.URL+"/down"); code != 0 {
		t.Fatalf("add: %d %q %q", code, out, stderr)
	}
	if _, out, _ := cli(t, db, "", "feeds"); !strings.Contains(out, " new ") {
		t.Errorf("feeds before any fetch: %q; want the state new", out)
	}
	cli(t, db, "", "fetch", "--all", "--allow-private", "--host-gap", "0")
	_, out, _ := cli(t, db, "", "feeds")
	if !strings.Contains(out, " failing ") || strings.Contains(out, " active ") {
		t.Errorf("feeds after a failed fetch: %q; want the state failing", out)
	}
}

// vigil feeds says since when a feed has been silent rather than the
// weekly rate its items of 2009 taught.
func TestFeedsShowsSilence(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		io.WriteString(w, `<rss version="2.0"><channel><title>Old</title><link>http://example.org/</link>`+
			`<item><guid>1</guid><title>One</title><pubDate>Mon, 23 Feb 2009 08:00:00 GMT</pubDate></item>`+
			`<item><guid>2</guid><title>Two</title><pubDate>Mon, 02 Mar 2009 08:00:00 GMT</pubDate></item>`+
			`</channel></rss>`)
	}))
	t.Cleanup(srv.Close)
	cli(t, db, "", "user", "add", "ann")
	cli(t, db, "", "add", srv.URL+"/old")
	cli(t, db, "", "fetch", "--all", "--allow-private", "--host-gap", "0")
	if _, out, _ := cli(t, db, "", "feeds"); !strings.Contains(out, "silent since 2009-03-02") {
		t.Errorf("feeds: %q; want the feed silent since 2009-03-02", out)
	}
}
