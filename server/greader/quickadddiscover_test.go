package greader_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"vigil/discover"
	"vigil/fetch"
	"vigil/server"
)

// TestQuickAddFindsAdvertisedFeed quickadds a blog's pages: the one feed
// a page advertises is followed; a page with several feeds or none is
// answered with no result, saying why, and nothing is followed.
func TestQuickAddFindsAdvertisedFeed(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		heads := map[string]string{
			"/":        `<link rel="alternate" type="application/atom+xml" href="/feed.atom">`,
			"/archive": `<link rel="alternate" type="application/atom+xml" href="/a.atom"><link rel="alternate" type="application/rss+xml" href="/b.rss">`,
		}
		if head, ok := heads[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, "<html><head>%s</head><body>Blog</body></html>", head)
			return
		}
		w.Header().Set("Content-Type", "application/atom+xml")
		fmt.Fprint(w, `<feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title></feed>`)
	}))
	defer site.Close()
	e := newEnvWith(t, server.Config{Finder: &discover.Finder{Client: fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second})}})
	alice := e.user("alice")
	auth := e.login("alice", alice.password)
	tests := []struct {
		path    string
		results float64
		stream  string
		says    string
	}{
		{"/", 1, "feed/" + site.URL + "/feed.atom", ""},
		{"/archive", 0, "", "advertises 2 feeds"},
	}
	for _, tt := range tests {
		code, body := e.post(auth, "/reader/api/0/subscription/quickadd", url.Values{"quickurl": {site.URL + tt.path}})
		var got map[string]any
		if err := json.Unmarshal([]byte(body), &got); err != nil || code != http.StatusOK {
			t.Fatalf("quickadd %s: %d %s", tt.path, code, body)
		}
		if got["numResults"] != tt.results || (tt.stream != "" && got["streamId"] != tt.stream) || !strings.Contains(fmt.Sprint(got["error"]), tt.says) {
			t.Errorf("quickadd %s: %s; want %v result(s), stream %q, saying %q", tt.path, body, tt.results, tt.stream, tt.says)
		}
	}
	subs, err := e.st.Subscriptions(context.Background(), alice.ID)
	if err != nil || len(subs) != 1 || subs[0].Feed.URL != site.URL+"/feed.atom" {
		t.Errorf("alice follows %+v (%v), want the one advertised feed", subs, err)
	}
}
