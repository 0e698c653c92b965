package demo

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"vigil/clock"
	"vigil/trace"
)

// DefaultWindow is how many latest postings a feed shows when its trace
// source gives no window.
const DefaultWindow = 15

// Feeds is an http.Handler serving each source of a posting trace as an RSS
// 2.0 feed at /feeds/{id}.xml (id path-escaped). At virtual time T a feed
// shows the latest W postings published at or before T, newest first, where
// W is the source's window (DefaultWindow when the trace gives none). Every
// answer carries an ETag and a Last-Modified header, and a conditional GET
// of an unchanged feed gets 304 Not Modified.
type Feeds struct {
	clk     clock.Clock
	sources map[string]*trace.Source
}

// NewFeeds returns the feeds of sources, published as the clock clk says.
// The sources are not copied and must not change afterwards.
func NewFeeds(sources []trace.Source, clk clock.Clock) *Feeds {
	f := &Feeds{clk: clk, sources: make(map[string]*trace.Source, len(sources))}
	for i := range sources {
		f.sources[sources[i].ID] = &sources[i]
	}
	return f
}

// ServeHTTP answers GET and HEAD of /feeds/{id}.xml.
func (f *Feeds) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "demo: only GET and HEAD are served", http.StatusMethodNotAllowed)
		return
	}
	src, ok := f.source(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	v := visibleWindow(src, f.clk.Now())
	w.Header().Set("ETag", v.etag())
	w.Header().Set("Last-Modified", v.modified.UTC().Format(http.TimeFormat))
	if v.unchangedFor(r) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body, err := renderRSS(src.ID, v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/rss+xml; charset=utf-8")
	if r.Method == http.MethodGet {
		w.Write(body)
	}
}

// source finds the trace source a request path names.
func (f *Feeds) source(path string) (*trace.Source, bool) {
	id, ok := strings.CutPrefix(path, "/feeds/")
	if !ok {
		return nil, false
	}
	id, ok = strings.CutSuffix(id, ".xml")
	if !ok {
		return nil, false
	}
	src, ok := f.sources[id]
	return src, ok
}

// window is what one feed shows at one time.
type window struct {
	postings []trace.Posting // oldest first
	first    int             // index in the source of postings[0]
	total    int             // postings published so far
	modified time.Time       // time of the latest posting, or the zero time
}

// visibleWindow returns the latest postings of src published at or before now.
func visibleWindow(src *trace.Source, now time.Time) window {
	n, _ := slices.BinarySearchFunc(src.Postings, now, func(p trace.Posting, t time.Time) int {
		if p.Time.After(t) {
			return 1
		}
		return -1
	})
	size := src.Window
	if size <= 0 {
		size = DefaultWindow
	}
	first := max(0, n-size)
	v := window{postings: src.Postings[first:n], first: first, total: n}
	if n > 0 {
		v.modified = src.Postings[n-1].Time
	} else {
		v.modified = time.Unix(0, 0)
	}
	return v
}

// etag names the window's content: the count of postings published so far
// (the window is the latest of them).
func (v window) etag() string {
	return fmt.Sprintf(`"n%d"`, v.total)
}

// unchangedFor reports whether the request's conditional headers show that
// the client already holds this window.
func (v window) unchangedFor(r *http.Request) bool {
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		return slices.ContainsFunc(strings.Split(inm, ","), func(tag string) bool {
			tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
			return tag == v.etag() || tag == "*"
		})
	}
	since, err := http.ParseTime(r.Header.Get("If-Modified-Since"))
	return err == nil && !v.modified.Truncate(time.Second).After(since)
}
