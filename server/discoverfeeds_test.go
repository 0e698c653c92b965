package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil/discover"
	"vigil/fetch"
)

// blogSite serves a blog: a home page advertising one feed, an archive
// page advertising two, a shop page advertising none, and the feeds. It
// counts the requests for each path.
type blogSite struct {
	*httptest.Server
	mu   sync.Mutex
	hits map[string]int
}

func newBlogSite(t *testing.T) *blogSite {
	t.Helper()
	s := &blogSite{hits: map[string]int{}}
	pages := map[string]string{
		"/":        `<link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">`,
		"/archive": `<link rel="alternate" type="application/rss+xml" title="Posts" href="feed.xml"><link rel="alternate" type="application/atom+xml" title="Comments" href="/comments.atom">`,
		"/shop":    `<link rel="stylesheet" href="/s.css">`,
	}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		s.mu.Unlock()
		if head, ok := pages[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, "<!doctype html><html><head><title>Blog</title>%s</head><body>Hello</body></html>", head)
			return
		}
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, `<rss version="2.0"><channel><title>Blog</title><item><guid>1</guid><title>One</title></item></channel></rss>`)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *blogSite) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// discoveringEnv is an environment whose server looks at the URLs added
// as feeds, with the address guard lifted or not.
func discoveringEnv(t *testing.T, allowPrivate bool) *env {
	return newEnv(t, Config{Finder: &discover.Finder{Client: fetch.New(fetch.Config{AllowPrivate: allowPrivate, Timeout: 5 * time.Second})}})
}

// TestAddFeedFindsAdvertisedFeedsWeb adds a blog's pages as feeds from the
// web form: the one feed of a page is followed, with the page offered
// instead; several feeds, or none, are offered to choose from.
func TestAddFeedFindsAdvertisedFeedsWeb(t *testing.T) {
	site := newBlogSite(t)
	e := discoveringEnv(t, true)
	ann := e.user("ann")
	b := e.browser()
	b.login(ann)
	add := func(v url.Values) (int, string, string) {
		v.Set("csrf", b.csrf())
		return b.post("/feeds", v)
	}

	// One feed: followed, and the feed's view offers the page instead.
	status, loc, body := add(url.Values{"url": {site.URL + "/"}})
	if status != http.StatusSeeOther || !strings.Contains(loc, "found_on=") {
		t.Fatalf("adding a page advertising one feed: %d %q\n%s", status, loc, body)
	}
	subs, err := e.st.Subscriptions(context.Background(), ann.ID)
	if err != nil || len(subs) != 1 || subs[0].Feed.URL != site.URL+"/feed.xml" {
		t.Fatalf("ann follows %+v, %v; want the advertised feed alone", subs, err)
	}
	feedID := subs[0].Feed.ID
	_, _, view := b.get(loc)
	if !strings.Contains(view, "a web page advertising this feed") || !strings.Contains(view, fmt.Sprintf(`action="/feeds/%d/watch-page"`, feedID)) {
		t.Errorf("the feed's view does not offer to watch the page instead:\n%s", view)
	}
	status, loc, _ = b.post(fmt.Sprintf("/feeds/%d/watch-page", feedID), url.Values{"csrf": {b.csrf()}, "url": {site.URL + "/"}})
	if status != http.StatusSeeOther || !strings.HasPrefix(loc, "/pages/") {
		t.Fatalf("watch the page instead: %d %q", status, loc)
	}
	subs, _ = e.st.Subscriptions(context.Background(), ann.ID)
	if len(subs) != 1 || subs[0].Feed.URL != site.URL+"/" {
		t.Errorf("after watching the page instead ann follows %+v, want the page alone", subs)
	} else if _, err := e.st.Page(context.Background(), subs[0].Feed.ID); err != nil {
		t.Errorf("the page is not watched as a page: %v", err)
	}

	tests := []struct {
		name, path string
		offers     []string
	}{
		{"two feeds", "/archive", []string{"advertises 2 feeds", site.URL + "/feed.xml", site.URL + "/comments.atom", "Comments", "Watch the page instead"}},
		{"no feed", "/shop", []string{"advertises no feed", "Watch the page instead", `name="page" value="1"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _, body := add(url.Values{"url": {site.URL + tt.path}, "weight": {"2"}})
			if status != http.StatusOK {
				t.Fatalf("adding %s: %d, want the choice\n%s", tt.path, status, body)
			}
			for _, o := range tt.offers {
				if !strings.Contains(body, o) {
					t.Errorf("the choice does not offer %q:\n%s", o, body)
				}
			}
			if subs, _ := e.st.Subscriptions(context.Background(), ann.ID); len(subs) != 1 {
				t.Errorf("a choice subscribed ann to something: %d subscriptions", len(subs))
			}
		})
	}

	// A feed chosen from the list is followed as given, without a look.
	before := site.count("/comments.atom")
	if status, loc, _ := add(url.Values{"url": {site.URL + "/comments.atom"}, "weight": {"2"}, "as_given": {"1"}}); status != http.StatusSeeOther || strings.Contains(loc, "found_on") {
		t.Errorf("following a chosen feed: %d %q", status, loc)
	}
	if n := site.count("/comments.atom"); n != before {
		t.Errorf("following a chosen feed fetched it %d time(s), want none (the monitor fetches it)", n-before)
	}
}

// TestAddFeedFindsAdvertisedFeedsAPI is POST /api/feeds of the same pages.
func TestAddFeedFindsAdvertisedFeedsAPI(t *testing.T) {
	site := newBlogSite(t)
	e := discoveringEnv(t, true)
	ann := e.user("ann")

	req := e.request("POST", "/api/feeds", map[string]any{"url": site.URL + "/"})
	req.Header.Set("Authorization", "Bearer "+ann.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || resp.Header.Get("Vigil-Found-On") != site.URL+"/" {
		t.Errorf("POST /api/feeds of a page advertising one feed: %d, Vigil-Found-On %q", resp.StatusCode, resp.Header.Get("Vigil-Found-On"))
	}

	type choiceJSON struct {
		Error string `json:"error"`
		Page  string `json:"page"`
		Feeds []struct {
			URL, Title, Type string
		} `json:"feeds"`
	}
	tests := []struct {
		path   string
		status int
		feeds  int
		says   string
	}{
		{"/archive", http.StatusMultipleChoices, 2, "advertises 2 feeds"},
		{"/shop", http.StatusUnprocessableEntity, 0, "advertises no feed"},
	}
	for _, tt := range tests {
		status, body := e.call("POST", "/api/feeds", ann.token, map[string]any{"url": site.URL + tt.path})
		c := decode[choiceJSON](t, body)
		if status != tt.status || len(c.Feeds) != tt.feeds || c.Page != site.URL+tt.path || !strings.Contains(c.Error, tt.says) || c.Feeds == nil {
			t.Errorf("POST /api/feeds of %s: %d %s; want %d with %d feed(s) saying %q", tt.path, status, body, tt.status, tt.feeds, tt.says)
		}
	}
	subs, _ := e.st.Subscriptions(context.Background(), ann.ID)
	if len(subs) != 1 || subs[0].Feed.URL != site.URL+"/feed.xml" {
		t.Errorf("ann follows %+v, want the one advertised feed", subs)
	}
}

// TestAddFeedDiscoveryKeepsAddressGuard checks that with the address guard
// on, adding a loopback page neither fetches it nor fails: it is followed
// as given, as without discovery (the monitor then refuses to fetch it).
func TestAddFeedDiscoveryKeepsAddressGuard(t *testing.T) {
	site := newBlogSite(t)
	e := discoveringEnv(t, false)
	ann := e.user("ann")
	status, body := e.call("POST", "/api/feeds", ann.token, map[string]any{"url": site.URL + "/archive"})
	if status != http.StatusCreated || site.count("/archive") != 0 {
		t.Errorf("POST /api/feeds of a loopback page with the guard on: %d %s, %d request(s) to it; want it followed as given unseen", status, body, site.count("/archive"))
	}
}
