package monitor

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"vigil/feed"
	"vigil/fetch"
)

func TestDescribeSpeaksPlainly(t *testing.T) {
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refusedURL := "http://" + closed.Addr().String() + "/feed"
	closed.Close()
	loose := fetch.New(fetch.Config{AllowPrivate: true, Timeout: 5 * time.Second})
	strict := fetch.New(fetch.Config{})
	_, refused := loose.Get(context.Background(), fetch.Request{URL: refusedURL})
	_, private := strict.Get(context.Background(), fetch.Request{URL: "http://127.0.0.1:9/feed"})
	_, badURL := loose.Get(context.Background(), fetch.Request{URL: "gopher://example.org/"})
	_, notFeed := feed.Parse([]byte("<html><body>hello</body></html>"), feed.Options{})
	short := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.Write([]byte("<rss>only the start"))
	}))
	defer short.Close()
	_, truncated := loose.Get(context.Background(), fetch.Request{URL: short.URL + "/feed"})
	tests := []struct {
		name  string
		err   error
		want  string
		never string
	}{
		{"connection refused", refused, "could not connect: connection refused", "dial tcp"},
		{"body cut short", truncated, "the connection ended before the whole answer arrived", "could not connect"},
		{"private address", private, "refusing to connect to 127.0.0.1", "fetch:"},
		{"bad scheme", badURL, "not valid", "fetch:"},
		{"not a feed", notFeed, "not a feed", "feed: not"},
		{"plain error", errors.New("boom"), "boom", "fetch"},
		{"render timeout", &fetch.Error{Kind: fetch.KindTimeout, URL: "http://example.org/",
			Err: errors.New("the page did not finish rendering within 2s, nor within 4s when tried again")},
			"the page did not finish rendering within 2s, nor within 4s when tried again", "server"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err == nil {
				t.Fatal("the fault did not happen")
			}
			got := describe(tc.err)
			if !strings.Contains(got, tc.want) || strings.Contains(got, tc.never) || strings.Contains(got, refusedURL) {
				t.Fatalf("describe = %q; want it to say %q without %q or the URL", got, tc.want, tc.never)
			}
		})
	}
}
