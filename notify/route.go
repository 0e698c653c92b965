package notify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"vigil/fetch"
)

// SendTimeout bounds one send to a channel: every request the service
// makes, its redirects and retries included, ends by then (the 10 seconds
// shoutrrr's own router allows a service).
const SendTimeout = 10 * time.Second

// errSendTimeout is the error of a request the service started after its
// send's time ran out.
var errSendTimeout = errors.New("notify: the send took longer than 10s")

// dialFunc dials a connection, as net.Dialer.DialContext does.
type dialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

// route is the one way out of one send: every transport the service
// holds, and the default transport while the send runs, dial through
// dial (the address guard of fetches, unless private addresses are
// allowed), and every request passes RoundTrip, which bounds it in time
// and counts it.
type route struct {
	dial     dialFunc
	deadline time.Time
	base     *http.Transport // for clients that brought no transport of their own

	requests atomic.Int64
	status   atomic.Int64 // the status of the latest response, 0 before any
}

// newRoute returns the route of a send starting now whose dials go
// through dial.
func newRoute(dial dialFunc, now time.Time) *route {
	rt := &route{dial: dial, deadline: now.Add(SendTimeout)}
	rt.base = rt.guard(&http.Transport{})
	return rt
}

// guardedDial is the dial of a send: fetch's guarded dialer.
func guardedDial(allowPrivate bool) dialFunc {
	return fetch.NewDialer(fetch.Config{AllowPrivate: allowPrivate}).DialContext
}

// guard makes tr dial through the route and nothing else: its own dial
// functions and proxy are dropped, and its waits bounded as fetches'
// are. It changes tr in place and returns it.
func (rt *route) guard(tr *http.Transport) *http.Transport {
	tr.DialContext = rt.dial
	tr.Dial = nil           //nolint:staticcheck // a service may have set the old field
	tr.DialTLS = nil        //nolint:staticcheck
	tr.DialTLSContext = nil // TLS then runs over rt.dial's connection
	tr.Proxy = nil
	tr.OnProxyConnectResponse = nil
	if tr.TLSHandshakeTimeout == 0 {
		tr.TLSHandshakeTimeout = fetch.DefaultConnectTimeout
	}
	if tr.ResponseHeaderTimeout == 0 {
		tr.ResponseHeaderTimeout = fetch.DefaultHeaderTimeout
	}
	return tr
}

// client routes c: its transport is guarded (or, when it has none, the
// route's own) and every request passes the route.
func (rt *route) client(c *http.Client) {
	inner := c.Transport
	switch t := inner.(type) {
	case nil, switchTransport:
		inner = rt.base
	case *http.Transport:
		rt.guard(t)
	case *bounded:
		return // routed already
	}
	c.Transport = &bounded{route: rt, inner: inner}
	if c.Timeout <= 0 || c.Timeout > SendTimeout {
		c.Timeout = SendTimeout
	}
}

// RoundTrip sends r through the route's own transport: the default
// transport's requests during the send.
func (rt *route) RoundTrip(r *http.Request) (*http.Response, error) {
	return (&bounded{route: rt, inner: rt.base}).RoundTrip(r)
}

// bounded is a client's transport once routed: it counts each request and
// ends it at the send's deadline.
type bounded struct {
	route *route
	inner http.RoundTripper
}

// RoundTrip sends r through the inner transport, ending it at the send's
// deadline, and notes the answer.
func (b *bounded) RoundTrip(r *http.Request) (*http.Response, error) {
	b.route.requests.Add(1)
	if !time.Now().Before(b.route.deadline) {
		return nil, errSendTimeout
	}
	ctx, cancel := context.WithDeadline(r.Context(), b.route.deadline)
	resp, err := b.inner.RoundTrip(r.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, err
	}
	b.route.status.Store(int64(resp.StatusCode))
	resp.Body = cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
	return resp, nil
}

// cancelOnClose ends a request's context when its body is closed.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

// Close closes the body and ends the request.
func (c cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

// answer is what the route saw of the send.
func (rt *route) answer() Answer {
	return Answer{Requests: int(rt.requests.Load()), Status: int(rt.status.Load())}
}

// Answer is what a channel's service answered a send.
type Answer struct {
	// Requests counts the HTTP requests the service made.
	Requests int
	// Status is the HTTP status of the last response, 0 when none came.
	Status int
}

// String says what the service answered, for people.
func (a Answer) String() string {
	if a.Status == 0 {
		return "no answer"
	}
	return fmt.Sprintf("answered %d %s", a.Status, http.StatusText(a.Status))
}
