package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"html"
	"image"
	"image/png"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// refreshFarm serves the feeds of a refresh run on loopback, spread over
// hosts (127.0.0.1, 127.0.0.2 ...: a host's politeness counts addresses,
// not ports): feed i at /f<i>.xml of host i modulo their count holds the latest perFeed items of its history, answers with an
// ETag and a Last-Modified that name its generation, and answers 304 to a
// request that names them (If-None-Match or If-Modified-Since). change
// moves a share of the feeds to their next generation, one new item each.
type refreshFarm struct {
	bases   []string // each host's http://127.0.0.1:PORT
	perFeed int
	body    string
	epoch   time.Time // Last-Modified of generation 0

	mu       sync.Mutex
	gen      []int // each feed's generation
	requests int   // requests since the last count
	full     int   // of which answered with the feed (200)

	srvs []*http.Server
}

// newRefreshFarm starts a farm of feeds feeds of perFeed items, each item
// with bodyBytes of HTML, on hosts loopback addresses (at most 254).
func newRefreshFarm(feeds, perFeed, bodyBytes, hosts int) (*refreshFarm, error) {
	f := &refreshFarm{
		perFeed: perFeed,
		body:    html.EscapeString(itemBody(bodyBytes)),
		epoch:   time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		gen:     make([]int, feeds),
	}
	for h := range hosts {
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.%d:0", h+1))
		if err != nil {
			f.close()
			return nil, fmt.Errorf("listening for the feed farm: %w", err)
		}
		srv := &http.Server{Handler: f, ReadHeaderTimeout: 10 * time.Second}
		go srv.Serve(ln)
		f.bases, f.srvs = append(f.bases, "http://"+ln.Addr().String()), append(f.srvs, srv)
	}
	return f, nil
}

// itemBody is about n bytes of paragraphs with a link each (at least one).
func itemBody(n int) string {
	const p = `<p>A paragraph of a realistic item body, with <a href="https://example.com/">a link</a>.</p>`
	return strings.Repeat(p, max(1, n/len(p)))
}

// close stops the farm.
func (f *refreshFarm) close() {
	for _, srv := range f.srvs {
		srv.Close()
	}
}

// site is feed i's web site, on its host.
func (f *refreshFarm) site(i int) string {
	return fmt.Sprintf("%s/site%d/", f.bases[i%len(f.bases)], i)
}

// farmIcon is the sites' icon: a PNG of one pixel.
var farmIcon = func() []byte {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	return b.Bytes()
}()

// url is feed i's address.
func (f *refreshFarm) url(i int) string { return fmt.Sprintf("%s/f%d.xml", f.bases[i%len(f.bases)], i) }

// change moves every feed whose index is cycle modulo every to its next
// generation (every 10: a tenth of the feeds), and returns how many.
func (f *refreshFarm) change(cycle, every int) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for i := range f.gen {
		if i%every == cycle%every {
			f.gen[i]++
			n++
		}
	}
	return n
}

// counts returns the requests and full answers since the last call.
func (f *refreshFarm) counts() (requests, full int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	requests, full = f.requests, f.full
	f.requests, f.full = 0, 0
	return requests, full
}

// ServeHTTP answers a feed's request, and those of the feeds' web sites:
// a short page at /site<i>/ and an icon at /favicon.ico, which a reader
// may fetch to show beside the feed (Miniflux does, on a first refresh).
func (f *refreshFarm) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/favicon.ico":
		w.Header().Set("Content-Type", "image/png")
		w.Write(farmIcon)
		return
	case strings.HasPrefix(r.URL.Path, "/site"):
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!DOCTYPE html><html><head><title>A site</title></head><body><p>A site of the farm.</p></body></html>`)
		return
	}
	i, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/f"), ".xml"))
	f.mu.Lock()
	if err != nil || i < 0 || i >= len(f.gen) {
		f.mu.Unlock()
		http.NotFound(w, r)
		return
	}
	g := f.gen[i]
	f.requests++
	etag := fmt.Sprintf(`"f%d-g%d"`, i, g)
	modified := f.epoch.Add(time.Duration(g) * time.Hour)
	fresh := r.Header.Get("If-None-Match") == etag
	if ims, err := http.ParseTime(r.Header.Get("If-Modified-Since")); err == nil && r.Header.Get("If-None-Match") == "" {
		fresh = !modified.After(ims)
	}
	if !fresh {
		f.full++
	}
	f.mu.Unlock()
	w.Header().Set("ETag", etag)
	w.Header().Set("Last-Modified", modified.Format(http.TimeFormat))
	if fresh {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Type", "application/rss+xml")
	f.writeFeed(w, i, g, modified)
}

// writeFeed writes feed i's RSS at generation g: items g .. g+perFeed-1,
// newest first, one hour apart.
func (f *refreshFarm) writeFeed(w io.Writer, i, g int, modified time.Time) {
	site := f.site(i)
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Feed %d</title><link>%s</link><description>Loopback feed %d</description>`,
		i, site, i)
	for k := g + f.perFeed - 1; k >= g; k-- {
		at := modified.Add(-time.Duration(g+f.perFeed-1-k) * time.Hour)
		fmt.Fprintf(w, `<item><title>Item %d of feed %d</title><link>%sitem%d</link><guid isPermaLink="false">f%d-i%d</guid><pubDate>%s</pubDate><description>%s</description></item>`,
			k, i, site, k, i, k, at.Format(time.RFC1123Z), f.body)
	}
	io.WriteString(w, `</channel></rss>`)
}

// opml is the farm's feeds as an OPML document.
func (f *refreshFarm) opml() []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><opml version="2.0"><head><title>farm</title></head><body>`)
	for i := range f.gen {
		fmt.Fprintf(&b, `<outline type="rss" text="Feed %d" title="Feed %d" xmlUrl="%s" htmlUrl="%s"/>`, i, i, attr(f.url(i)), attr(f.site(i)))
	}
	b.WriteString(`</body></opml>`)
	return []byte(b.String())
}

// attr escapes s for an XML attribute.
func attr(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
