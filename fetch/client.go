package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// accept asks for feeds first and takes anything else.
const accept = "application/rss+xml, application/atom+xml, application/feed+json, " +
	"application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.5"

// Request names what to fetch and the validators of the copy already held.
type Request struct {
	URL          string
	ETag         string // sent as If-None-Match when set
	LastModified string // sent as If-Modified-Since when set
}

// Response is one HTTP answer, whatever its status.
type Response struct {
	URL          string // final URL after redirects
	PermanentURL string // end of the leading run of 301/308 hops; "" when the first hop was not permanent or none happened
	Status       int
	Header       http.Header
	Body         []byte // decoded; empty on 304
	ContentType  string
	ETag         string // from the answer; on a 304 without one, the Request's
	LastModified string // from the answer; on a 304 without one, the Request's
	NotModified  bool   // the server answered 304
	Truncated    bool   // a non-2xx body was cut at MaxBodyBytes
	Latency      time.Duration
	Bytes        int64     // body bytes as received on the wire, before decoding
	RetryAfter   time.Time // from Retry-After; zero when absent
	CacheUntil   time.Time // from Cache-Control max-age, else Expires; zero when absent or no-store/no-cache
}

// Client fetches URLs under one Config. It is safe for concurrent use.
type Client struct {
	cfg       Config
	transport *http.Transport // used hop by hop: redirects are followed by follow
}

// New returns a Client for cfg, with defaults for its zero fields.
func New(cfg Config) *Client {
	cfg = cfg.withDefaults()
	return &Client{cfg: cfg, transport: newTransport(cfg)}
}

// newTransport builds a transport that ignores proxies from the
// environment (they would bypass the address check) and dials with
// NewDialer. Compression is handled by readBody so the size cap sees
// decoded bytes.
func newTransport(cfg Config) *http.Transport {
	return &http.Transport{
		Proxy:                  nil,
		DialContext:            NewDialer(cfg).DialContext,
		TLSHandshakeTimeout:    cfg.ConnectTimeout,
		ResponseHeaderTimeout:  cfg.HeaderTimeout,
		DisableCompression:     true,
		ForceAttemptHTTP2:      true,
		MaxIdleConns:           100,
		MaxIdleConnsPerHost:    2,
		IdleConnTimeout:        90 * time.Second,
		MaxResponseHeaderBytes: 1 << 20,
	}
}

// Get fetches req.URL, following redirects. It returns an error, always
// an *Error, only when no usable HTTP response came; any status, including
// 304, 404, 429 and 5xx, is a Response for the caller to judge. A 2xx body
// over MaxBodyBytes is a KindTooLarge error; other bodies are cut there.
func (c *Client) Get(ctx context.Context, req Request) (*Response, error) {
	target, err := parseTarget(req.URL)
	if err != nil {
		return nil, &Error{Kind: KindBadURL, URL: RedactURL(req.URL), Err: withoutURL(err)}
	}
	exchange, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	start := time.Now()
	resp, chain, err := c.follow(exchange, target, req)
	if err != nil {
		return nil, c.fail(ctx, exchange, chain.last(req.URL), err)
	}
	defer resp.Body.Close()
	out := c.response(resp, chain, req)
	out.Body, out.Bytes, out.Truncated, err = readBody(resp, c.cfg.MaxBodyBytes, isSuccess(resp.StatusCode))
	if err != nil {
		return nil, c.fail(ctx, exchange, out.URL, err)
	}
	out.Latency = time.Since(start)
	return out, nil
}

// parseTarget checks that raw is an absolute http or https URL.
func parseTarget(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if err := checkScheme(u); err != nil {
		return nil, err
	}
	if u.Hostname() == "" {
		return nil, errors.New("missing host")
	}
	return u, nil
}

// checkScheme accepts only http and https.
func checkScheme(u *url.URL) error {
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
		return nil
	case "":
		return errors.New("not an absolute URL (no scheme)")
	}
	return fmt.Errorf("unsupported scheme %q (only http and https)", u.Scheme)
}

// send makes one GET to u, without following redirects.
func (c *Client) send(ctx context.Context, u *url.URL, req Request) (*http.Response, error) {
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	r.Header.Set("User-Agent", c.cfg.UserAgent)
	r.Header.Set("Accept", accept)
	r.Header.Set("Accept-Encoding", acceptEncoding)
	if req.ETag != "" {
		r.Header.Set("If-None-Match", req.ETag)
	}
	if req.LastModified != "" {
		r.Header.Set("If-Modified-Since", req.LastModified)
	}
	if u.User != nil {
		password, _ := u.User.Password()
		r.SetBasicAuth(u.User.Username(), password)
	}
	return c.transport.RoundTrip(r)
}

// response fills a Response from the final answer's status and headers.
func (c *Client) response(resp *http.Response, chain *redirectChain, req Request) *Response {
	now := c.cfg.Clock.Now()
	out := &Response{
		URL:          chain.last(req.URL),
		PermanentURL: chain.permanent,
		Status:       resp.StatusCode,
		Header:       resp.Header,
		ContentType:  resp.Header.Get("Content-Type"),
		ETag:         resp.Header.Get("ETag"),
		LastModified: resp.Header.Get("Last-Modified"),
		NotModified:  resp.StatusCode == http.StatusNotModified,
		RetryAfter:   retryAfter(resp.Header, now),
		CacheUntil:   cacheUntil(resp.Header, now),
	}
	if out.NotModified && out.ETag == "" {
		out.ETag = req.ETag
	}
	if out.NotModified && out.LastModified == "" {
		out.LastModified = req.LastModified
	}
	return out
}

// fail turns err into an *Error about rawURL. parent is the caller's
// context, without the Timeout added by Get; exchange is parent with it.
// A timeout names the limit that ended the fetch: the whole exchange's,
// else the connection's, else the wait for the response headers.
func (c *Client) fail(parent, exchange context.Context, rawURL string, err error) *Error {
	e := classify(rawURL, err, parent)
	if e.Kind != KindTimeout || parent.Err() != nil || !errors.Is(e.Err, context.DeadlineExceeded) {
		return e
	}
	var op *net.OpError
	switch {
	case exchange.Err() != nil:
		e.Err = fmt.Errorf("no complete response within %v: %w", c.cfg.Timeout, e.Err)
	case errors.As(e.Err, &op) && op.Op == "dial":
		e.Err = fmt.Errorf("no connection within %v: %w", c.cfg.ConnectTimeout, e.Err)
	default:
		e.Err = fmt.Errorf("no response headers within %v: %w", c.cfg.HeaderTimeout, e.Err)
	}
	return e
}

// isSuccess reports whether status is 2xx.
func isSuccess(status int) bool { return status >= 200 && status < 300 }
