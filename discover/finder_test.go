package discover

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"vigil/fetch"
)

// site serves a blog's home page advertising its feeds, the feeds, a feed
// labelled text/html and a missing page.
func site(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html><head><title>Blog</title>
<link rel="alternate" type="application/rss+xml" title="Blog" href="/feed.xml">
<link rel="alternate" type="application/atom+xml" title="Comments" href="comments.atom"></head><body>Hello</body></html>`)
	})
	mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/", http.StatusMovedPermanently) })
	mux.HandleFunc("/plain", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<html><body>No feed here</body></html>`)
	})
	rss := `<rss version="2.0"><channel><title>Blog</title><item><guid>1</guid><title>One</title></item></channel></rss>`
	mux.HandleFunc("/feed.xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, rss)
	})
	mux.HandleFunc("/mislabelled", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, rss)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestFinderLook(t *testing.T) {
	srv := site(t)
	f := &Finder{Client: fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second})}
	tests := []struct {
		name  string
		path  string
		page  bool
		feeds []string
		err   string
	}{
		{"a page with two feeds", "/", true, []string{srv.URL + "/feed.xml", srv.URL + "/comments.atom"}, ""},
		{"resolved against the URL after a redirect", "/old", true, []string{srv.URL + "/feed.xml", srv.URL + "/comments.atom"}, ""},
		{"a page without feeds", "/plain", true, nil, ""},
		{"a feed", "/feed.xml", false, nil, ""},
		{"a feed labelled text/html", "/mislabelled", false, nil, ""},
		{"missing", "/gone", false, nil, "404 Not Found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := f.Look(context.Background(), srv.URL+tt.path)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Look = %+v, %v; want an error naming %q", res, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, fd := range res.Feeds {
				got = append(got, fd.URL)
			}
			if res.Page != tt.page || !slices.Equal(got, tt.feeds) {
				t.Errorf("Look = page %v, feeds %q; want page %v, feeds %q", res.Page, got, tt.page, tt.feeds)
			}
		})
	}
}

// TestFinderAddressGuard checks that a Finder whose client keeps the
// address guard does not fetch a loopback page.
func TestFinderAddressGuard(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer srv.Close()
	f := &Finder{Client: fetch.New(fetch.Config{Timeout: 5 * time.Second})}
	_, err := f.Look(context.Background(), srv.URL+"/")
	if err == nil || !fetch.RefusedAddress(err.Error()) || hits.Load() != 0 {
		t.Errorf("Look of a loopback page with the guard on: %v, %d request(s); want the address refused and none", err, hits.Load())
	}
}

func TestFinderResolve(t *testing.T) {
	srv := site(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<link rel="alternate" type="application/atom+xml" href="%s/feed.xml">`, srv.URL)
	})
	one := httptest.NewServer(mux)
	defer one.Close()
	f := &Finder{Client: fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second})}
	tests := []struct {
		name, url     string
		want, foundOn string
		notLooked     bool
		choice        int // feeds offered by a *Choice error; -1: no error
		choiceSays    string
	}{
		{"a feed", srv.URL + "/feed.xml", srv.URL + "/feed.xml", "", false, -1, ""},
		{"a page with one feed", one.URL + "/", srv.URL + "/feed.xml", one.URL + "/", false, -1, ""},
		{"a page with two feeds", srv.URL + "/", "", "", false, 2, "advertises 2 feeds"},
		{"a page with none", srv.URL + "/plain", "", "", false, 0, "advertises no feed"},
		{"not looked at", srv.URL + "/gone", srv.URL + "/gone", "", true, -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := f.Resolve(context.Background(), tt.url)
			var c *Choice
			if tt.choice >= 0 {
				if !errors.As(err, &c) || len(c.Feeds) != tt.choice || c.Page != tt.url || !strings.Contains(err.Error(), tt.choiceSays) {
					t.Fatalf("Resolve = %+v, %v; want a choice of %d feed(s) saying %q", r, err, tt.choice, tt.choiceSays)
				}
				return
			}
			if err != nil || r.URL != tt.want || r.FoundOn != tt.foundOn || (r.NotLooked != nil) != tt.notLooked {
				t.Errorf("Resolve = %+v, %v; want %s found on %q, not looked at %v", r, err, tt.want, tt.foundOn, tt.notLooked)
			}
		})
	}
}
