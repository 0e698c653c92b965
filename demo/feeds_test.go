package demo

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mmcdole/gofeed"

	"vigil/clock"
	"vigil/trace"
)

var t0 = time.Date(2013, 5, 20, 0, 0, 0, 0, time.UTC)

// hourly returns a source with n postings, one every hour from t0 + 1 h.
func hourly(id string, n, window int, titled bool) trace.Source {
	s := trace.Source{ID: id, Window: window}
	for i := 1; i <= n; i++ {
		p := trace.Posting{Time: t0.Add(time.Duration(i) * time.Hour)}
		if titled {
			p.Title = "Title " + string(rune('A'+i-1))
		}
		s.Postings = append(s.Postings, p)
	}
	return s
}

func TestFeedsShowTheWindowPublishedSoFar(t *testing.T) {
	clk := clock.NewVirtual(t0)
	srv := httptest.NewServer(NewFeeds([]trace.Source{hourly("a", 20, 3, false), hourly("b", 20, 0, true)}, clk))
	defer srv.Close()
	tests := []struct {
		at     time.Duration
		feed   string
		guids  []string
		titles []string
	}{
		{0, "a", nil, nil},
		{59 * time.Minute, "a", nil, nil},
		{time.Hour, "a", []string{"a/1"}, []string{"Posting 1"}},
		{2 * time.Hour, "b", []string{"b/2", "b/1"}, []string{"Title B", "Title A"}},
		{2*time.Hour + 30*time.Minute, "a", []string{"a/2", "a/1"}, []string{"Posting 2", "Posting 1"}},
		{5 * time.Hour, "a", []string{"a/5", "a/4", "a/3"}, []string{"Posting 5", "Posting 4", "Posting 3"}},
		{19 * time.Hour, "b", []string{"b/19", "b/18", "b/17", "b/16", "b/15", "b/14", "b/13", "b/12", "b/11", "b/10", "b/9", "b/8", "b/7", "b/6", "b/5"}, nil},
		{100 * time.Hour, "a", []string{"a/20", "a/19", "a/18"}, nil},
	}
	for _, tt := range tests { // in time order: a virtual clock never goes back
		clk.Set(t0.Add(tt.at))
		feed := parseFeed(t, srv.URL+"/feeds/"+tt.feed+".xml")
		var guids, titles []string
		for _, it := range feed.Items {
			guids, titles = append(guids, it.GUID), append(titles, it.Title)
			if it.PublishedParsed == nil || it.PublishedParsed.After(clk.Now()) {
				t.Errorf("at +%v: %s published %v, in the future or missing", tt.at, it.GUID, it.PublishedParsed)
			}
		}
		if strings.Join(guids, " ") != strings.Join(tt.guids, " ") {
			t.Errorf("at +%v feed %s shows %v, want %v", tt.at, tt.feed, guids, tt.guids)
		}
		if tt.titles != nil && strings.Join(titles, "|") != strings.Join(tt.titles, "|") {
			t.Errorf("at +%v feed %s has titles %v, want %v", tt.at, tt.feed, titles, tt.titles)
		}
	}
}

func parseFeed(t *testing.T, url string) *gofeed.Feed {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	feed, err := gofeed.NewParser().Parse(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: not a feed: %v", url, err)
	}
	if feed.FeedType != "rss" || feed.FeedVersion != "2.0" {
		t.Fatalf("GET %s: a %s %s feed, want rss 2.0", url, feed.FeedType, feed.FeedVersion)
	}
	return feed
}

func TestFeedsAnswerConditionalGets(t *testing.T) {
	clk := clock.NewVirtual(t0.Add(90 * time.Minute))
	srv := httptest.NewServer(NewFeeds([]trace.Source{hourly("a", 5, 0, false)}, clk))
	defer srv.Close()
	url := srv.URL + "/feeds/a.xml"
	first := get(t, url, nil)
	etag, modified := first.Header.Get("ETag"), first.Header.Get("Last-Modified")
	if first.StatusCode != http.StatusOK || etag == "" || modified != "Mon, 20 May 2013 01:00:00 GMT" {
		t.Fatalf("first GET: %s, ETag %q, Last-Modified %q", first.Status, etag, modified)
	}
	tests := []struct {
		name   string
		at     time.Duration
		header map[string]string
		want   int
	}{
		{"same ETag, nothing new", 100 * time.Minute, map[string]string{"If-None-Match": etag}, http.StatusNotModified},
		{"same date, nothing new", 110 * time.Minute, map[string]string{"If-Modified-Since": modified}, http.StatusNotModified},
		{"other ETag", 110 * time.Minute, map[string]string{"If-None-Match": `"other"`}, http.StatusOK},
		{"same ETag, a new posting", 2 * time.Hour, map[string]string{"If-None-Match": etag}, http.StatusOK},
		{"same date, a new posting", 2 * time.Hour, map[string]string{"If-Modified-Since": modified}, http.StatusOK},
	}
	for _, tt := range tests {
		clk.Set(t0.Add(tt.at))
		if got := get(t, url, tt.header); got.StatusCode != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, got.StatusCode, tt.want)
		}
	}
}

func get(t *testing.T, url string, header map[string]string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

func TestFeedsRefuseUnknownPathsAndMethods(t *testing.T) {
	srv := httptest.NewServer(NewFeeds([]trace.Source{hourly("a", 1, 0, false)}, clock.NewVirtual(t0)))
	defer srv.Close()
	for _, path := range []string{"/feeds/b.xml", "/feeds/a", "/a.xml", "/"} {
		if got := get(t, srv.URL+path, nil); got.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", path, got.StatusCode)
		}
	}
	resp, err := http.Post(srv.URL+"/feeds/a.xml", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: status %d, want 405", resp.StatusCode)
	}
}

func TestFeedServerServesOnLoopback(t *testing.T) {
	src := hourly("odd id/x", 2, 0, false)
	s, err := StartFeedServer([]trace.Source{src}, clock.NewVirtual(t0.Add(3*time.Hour)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.URL, "http://127.0.0.1:") {
		t.Errorf("URL %s is not on loopback", s.URL)
	}
	if feed := parseFeed(t, s.FeedURL(src.ID)); len(feed.Items) != 2 {
		t.Errorf("%s shows %d items, want 2", s.FeedURL(src.ID), len(feed.Items))
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(s.FeedURL(src.ID)); err == nil {
		t.Error("the feed server still answers after Close")
	}
}

// TestFeedTitlesDifferAtOnce checks that the demo's feeds of a generated
// trace differ in their titles' first 12 characters, all that a narrow
// sidebar shows of them.
func TestFeedTitlesDifferAtOnce(t *testing.T) {
	p, _ := trace.Generate(trace.GenConfig{Sources: 12, Days: 2, Seed: 1, Start: t0})
	srcs := p.Sources
	clk := clock.NewVirtual(p.End)
	srv := httptest.NewServer(NewFeeds(srcs, clk))
	defer srv.Close()
	seen := map[string]string{}
	for _, s := range srcs {
		title := parseFeed(t, srv.URL+"/feeds/"+s.ID+".xml").Title
		head := string([]rune(title)[:min(12, len([]rune(title)))])
		if other, ok := seen[head]; ok {
			t.Errorf("feeds %q and %q both start %q", other, title, head)
		}
		seen[head] = title
	}
}
