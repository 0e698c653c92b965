package server

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/netip"
	"net/url"
	"testing"
	"time"

	"vigil/server/internal/httpauth"
)

// behindProxy starts a server with cfg behind a real reverse proxy
// (net/http/httputil.ReverseProxy, which appends the client's address to
// X-Forwarded-For) listening on 127.0.0.1, and returns the environment
// and the proxy's URL.
func behindProxy(t *testing.T, cfg Config) (*env, string) {
	t.Helper()
	e := newEnv(t, cfg)
	target, err := url.Parse(e.url)
	if err != nil {
		t.Fatal(err)
	}
	proxy := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(target)
		r.SetXForwarded()
	}}
	srv := httptest.NewServer(proxy)
	t.Cleanup(srv.Close)
	return e, srv.URL
}

// clientFrom returns an HTTP client whose connections come from the
// loopback address from (any of 127.0.0.0/8 on Linux), so that a test can
// play several people on one machine.
func clientFrom(from string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		return d.DialContext(ctx, network, addr)
	}}}
}

// basicVia sends GET /api/me to base with Basic credentials through c.
func basicVia(t *testing.T, c *http.Client, base, name, pw string) int {
	t.Helper()
	req, err := http.NewRequest("GET", base+"/api/me", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.SetBasicAuth(name, pw)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestGuessingBehindAProxyIsLimited has alice log in once through a
// reverse proxy from 127.0.0.2, then someone at 127.0.0.3 guess her
// password through the same proxy. With the proxy trusted, the guesser's
// own address is counted and locked after FailureLimit guesses, and
// alice's address is not. Without it every request has the proxy's
// address, which alice's login made trusted for her: only the count per
// user name stops the guessing, much later (and alice with it, for the
// rest of the window).
func TestGuessingBehindAProxyIsLimited(t *testing.T) {
	owner, guesser := clientFrom("127.0.0.2"), clientFrom("127.0.0.3")
	for _, tc := range []struct {
		name    string
		proxies []netip.Prefix
		limit   int // guesses answered 401 before the lock-out
	}{
		{"proxy trusted", []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, httpauth.FailureLimit},
		{"proxy not trusted", nil, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := &testClock{at: testNow}
			e, via := behindProxy(t, Config{Now: clock.now, TrustedProxies: tc.proxies})
			alice := e.user("alice")
			if status := basicVia(t, owner, via, "alice", alice.password); status != http.StatusOK {
				t.Fatalf("alice's login through the proxy: %d", status)
			}
			for i := range tc.limit {
				if status := basicVia(t, guesser, via, "alice", "guess"); status != http.StatusUnauthorized {
					t.Fatalf("guess %d: status %d, want 401", i+1, status)
				}
			}
			if status := basicVia(t, guesser, via, "alice", "guess"); status != http.StatusTooManyRequests {
				t.Errorf("guess %d: status %d, want 429", tc.limit+1, status)
			}
			clock.advance(time.Minute)
			if status := basicVia(t, owner, via, "alice", alice.password); (status == http.StatusOK) != (tc.proxies != nil) {
				t.Errorf("alice from her address after the guessing: status %d (proxy trusted: %v)", status, tc.proxies != nil)
			}
		})
	}
}
