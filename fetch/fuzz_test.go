package fetch

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// fuzzNow is the instant the fuzzed hints are read at.
var fuzzNow = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// FuzzHints reads arbitrary Retry-After, Cache-Control, Age and Expires
// headers: a delta-seconds Retry-After never points before now, and
// no-store or no-cache always mean no reuse.
func FuzzHints(f *testing.F) {
	f.Add("120", "max-age=60", "10", "Mon, 02 Mar 2026 10:00:00 GMT")
	f.Add("Mon, 02 Mar 2026 10:00:00 GMT", "no-store, max-age=60", "", "")
	f.Add("99999999999999999999", `max-age="3600", private`, "abc", "0")
	f.Add("-1", "no-cache", "-5", "yesterday")
	f.Fuzz(func(t *testing.T, retry, cc, age, expires string) {
		h := http.Header{}
		h.Set("Retry-After", retry)
		h.Set("Cache-Control", cc)
		h.Set("Age", age)
		h.Set("Expires", expires)
		ra := retryAfter(h, fuzzNow)
		if _, ok := deltaSeconds(strings.TrimSpace(h.Get("Retry-After"))); ok && ra.Before(fuzzNow) {
			t.Errorf("Retry-After %q gives %v, before now", retry, ra)
		}
		until := cacheUntil(h, fuzzNow)
		d := cacheControl(h)
		_, noStore := d["no-store"]
		_, noCache := d["no-cache"]
		if (noStore || noCache) && !until.IsZero() {
			t.Errorf("Cache-Control %q forbids reuse, yet the response is reused until %v", cc, until)
		}
	})
}

// FuzzDecodeBody reads arbitrary bodies under arbitrary Content-Encoding
// headers: a body is never longer than the limit, and a failure is a
// decoding error or the limit's.
func FuzzDecodeBody(f *testing.F) {
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte("<rss></rss>"))
	w.Close()
	f.Add(gz.Bytes(), "gzip")
	f.Add([]byte("<rss></rss>"), "")
	f.Add([]byte{0x78, 0x9c, 0x03, 0x00}, "deflate")
	f.Add([]byte("plain"), "gzip, identity")
	f.Add([]byte("x"), "br")
	const limit = 1 << 12
	f.Fuzz(func(t *testing.T, body []byte, encoding string) {
		resp := &http.Response{StatusCode: http.StatusOK, Header: http.Header{}, Body: io.NopCloser(bytes.NewReader(body))}
		resp.Header.Set("Content-Encoding", encoding)
		got, wire, _, err := readBody(resp, limit, true)
		if len(got) > limit {
			t.Errorf("a body of %d bytes, over the limit of %d", len(got), limit)
		}
		if wire > int64(len(body)) {
			t.Errorf("%d bytes read off the wire, of %d sent", wire, len(body))
		}
		var de errDecode
		var tl errTooLarge
		if err != nil && !errors.As(err, &de) && !errors.As(err, &tl) {
			t.Errorf("Content-Encoding %q: error %v is neither a decoding error nor the limit's", encoding, err)
		}
	})
}

// FuzzRedirectLocation follows arbitrary Location headers from a feed URL
// with credentials: a hop taken is an http or https URL with a host and
// no fragment, and no refusal shows the first URL's credentials.
func FuzzRedirectLocation(f *testing.F) {
	for _, loc := range []string{"/next", "https://other.example/feed#x", "javascript:alert(1)", "//", "http://u:p@h%zz/", "ftp://x/", "?q=1", "http://[::1"} {
		f.Add(loc)
	}
	start, err := url.Parse("http://ann:s3cret@feeds.example/feed")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, location string) {
		ch := &redirectChain{hops: []*url.URL{start}}
		err := ch.add(http.StatusFound, location, 10)
		if err != nil {
			if strings.Contains(err.Error(), "s3cret") {
				t.Errorf("Location %q: the refusal shows the credentials: %v", location, err)
			}
			return
		}
		next := ch.hops[len(ch.hops)-1]
		if s := strings.ToLower(next.Scheme); s != "http" && s != "https" || next.Hostname() == "" || next.Fragment != "" {
			t.Errorf("Location %q followed to %q", location, next)
		}
	})
}
