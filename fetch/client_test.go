package fetch

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// newServer starts a loopback HTTP server that is closed with the test.
func newServer(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// testClient returns a Client allowed to reach loopback, with cfg's other
// fields kept.
func testClient(cfg Config) *Client {
	cfg.AllowPrivate = true
	return New(cfg)
}

// mustGet fetches rawURL and fails the test on error.
func mustGet(t *testing.T, c *Client, req Request) *Response {
	t.Helper()
	resp, err := c.Get(context.Background(), req)
	if err != nil {
		t.Fatalf("Get(%s): %v", req.URL, err)
	}
	return resp
}

// wantKind fetches req and checks that it fails with kind.
func wantKind(t *testing.T, c *Client, req Request, kind ErrorKind) *Error {
	t.Helper()
	resp, err := c.Get(context.Background(), req)
	var fe *Error
	if !errors.As(err, &fe) {
		t.Fatalf("Get(%s) = %+v, %v; want an *Error of kind %v", req.URL, resp, err, kind)
	}
	if fe.Kind != kind {
		t.Fatalf("Get(%s) kind = %v (%v); want %v", req.URL, fe.Kind, err, kind)
	}
	return fe
}

func TestConditionalGet(t *testing.T) {
	const etag, modified = `"v1"`, "Mon, 02 Jan 2006 15:04:05 GMT"
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") == etag && r.Header.Get("If-Modified-Since") == modified {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", etag)
		w.Header().Set("Last-Modified", modified)
		w.Header().Set("Content-Type", "application/rss+xml")
		_, _ = w.Write([]byte("<rss/>"))
	})
	c := testClient(Config{})

	first := mustGet(t, c, Request{URL: srv.URL})
	if first.Status != 200 || first.NotModified || string(first.Body) != "<rss/>" {
		t.Fatalf("first fetch = %d %v %q; want 200 with the body", first.Status, first.NotModified, first.Body)
	}
	if first.ETag != etag || first.LastModified != modified || first.ContentType != "application/rss+xml" {
		t.Fatalf("first fetch validators = %q %q %q", first.ETag, first.LastModified, first.ContentType)
	}
	if first.Bytes != int64(len("<rss/>")) || first.URL != srv.URL || first.PermanentURL != "" {
		t.Fatalf("first fetch Bytes=%d URL=%q PermanentURL=%q", first.Bytes, first.URL, first.PermanentURL)
	}

	again := mustGet(t, c, Request{URL: srv.URL, ETag: first.ETag, LastModified: first.LastModified})
	if again.Status != 304 || !again.NotModified || len(again.Body) != 0 {
		t.Fatalf("revalidation = %d NotModified=%v body %q; want 304", again.Status, again.NotModified, again.Body)
	}
	if again.ETag != etag || again.LastModified != modified {
		t.Fatalf("304 validators = %q %q; want the request's carried over", again.ETag, again.LastModified)
	}
}

func TestHeadersSent(t *testing.T) {
	got := make(chan http.Header, 1)
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { got <- r.Header.Clone() })
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{}, DefaultUserAgent},
		{Config{UserAgent: "vigil-test/9"}, "vigil-test/9"},
	}
	for _, tt := range tests {
		mustGet(t, testClient(tt.cfg), Request{URL: srv.URL})
		h := <-got
		if ua := h.Get("User-Agent"); ua != tt.want || !strings.Contains(ua, "vigil") {
			t.Errorf("User-Agent = %q; want %q", ua, tt.want)
		}
		if ae := h.Get("Accept-Encoding"); !strings.Contains(ae, "gzip") || !strings.Contains(ae, "deflate") {
			t.Errorf("Accept-Encoding = %q; want gzip and deflate", ae)
		}
		if h.Get("If-None-Match") != "" || h.Get("If-Modified-Since") != "" {
			t.Errorf("conditional headers sent without validators: %v", h)
		}
	}
}

func TestStatusesAreResponses(t *testing.T) {
	for _, status := range []int{200, 204, 404, 410, 429, 500, 503} {
		srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			if status != 204 {
				_, _ = w.Write([]byte("status body"))
			}
		})
		resp := mustGet(t, testClient(Config{}), Request{URL: srv.URL})
		if resp.Status != status || resp.NotModified {
			t.Errorf("status %d: got %d NotModified=%v", status, resp.Status, resp.NotModified)
		}
		if status != 204 && string(resp.Body) != "status body" {
			t.Errorf("status %d: body %q", status, resp.Body)
		}
	}
}

func TestBadURL(t *testing.T) {
	c := New(Config{})
	for _, raw := range []string{"", "feed.xml", "ftp://example.com/feed", "file:///etc/passwd", "http://", "http://%zz/", "javascript:alert(1)"} {
		e := wantKind(t, c, Request{URL: raw}, KindBadURL)
		if !strings.HasPrefix(e.Error(), "fetch: "+raw+": ") {
			t.Errorf("error for %q = %q; want it to name the URL", raw, e.Error())
		}
	}
}

func TestCanceledContext(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := testClient(Config{}).Get(ctx, Request{URL: srv.URL})
	var fe *Error
	if !errors.As(err, &fe) || fe.Kind != KindCanceled || !errors.Is(err, context.Canceled) {
		t.Fatalf("Get with a canceled context = %v; want KindCanceled wrapping context.Canceled", err)
	}
}

func BenchmarkGet(b *testing.B) {
	body := []byte(strings.Repeat("<item>x</item>", 1000))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(body) }))
	defer srv.Close()
	c := testClient(Config{Timeout: 5 * time.Second})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Get(context.Background(), Request{URL: srv.URL}); err != nil {
			b.Fatal(err)
		}
	}
}
