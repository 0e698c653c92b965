package render

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"
)

// proxy is the SOCKS5 server on loopback that every connection of the
// browser goes through (Chromium is started with --proxy-server pointing
// at it and a bypass list that bypasses nothing). Chromium sends it the
// host name, not an address (SOCKS5 resolves on the proxy's side), and
// the proxy resolves and connects with fetch's guarded dialer, which
// judges the address it actually connects to: a name that answers the
// Fetch-domain check with a public address and the connection with a
// private one (DNS rebinding) is refused here. SOCKS5 carries every
// scheme alike (http, https, ws, wss) as a byte stream, so the proxy never
// reads or makes up HTTP, and a refusal reaches the browser as a failed
// connection rather than as a page.
type proxy struct {
	ln   net.Listener
	dial func(ctx context.Context, network, address string) (net.Conn, error)
	log  *slog.Logger

	ctx  context.Context // ends when the proxy closes
	stop context.CancelFunc

	mu      sync.Mutex
	conns   map[net.Conn]struct{}
	refused map[string]refusal // by host, the last connection that failed
	wg      sync.WaitGroup
}

// refusal is a failed connection of the proxy: when, and why.
type refusal struct {
	at  time.Time
	err error
}

// maxRefusals bounds the proxy's memory of failed connections; past it
// the oldest half is forgotten.
const maxRefusals = 256

// handshakeTimeout bounds the SOCKS5 greeting and request of the browser.
const handshakeTimeout = 10 * time.Second

// startProxy starts a proxy on a loopback port, connecting with dial.
func startProxy(dial func(ctx context.Context, network, address string) (net.Conn, error), log *slog.Logger) (*proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("render: unable to start the browser's proxy: %w", err)
	}
	ctx, stop := context.WithCancel(context.Background())
	p := &proxy{ln: ln, dial: dial, log: log, ctx: ctx, stop: stop,
		conns: map[net.Conn]struct{}{}, refused: map[string]refusal{}}
	p.wg.Add(1)
	go p.accept()
	return p, nil
}

// url is the proxy's address as Chromium's --proxy-server takes it.
func (p *proxy) url() string {
	return "socks5://" + p.ln.Addr().String()
}

// close stops the proxy and every connection through it.
func (p *proxy) close() {
	p.stop()
	p.ln.Close()
	p.mu.Lock()
	for c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
	p.wg.Wait()
}

// accept serves each connection of the browser until the listener closes.
func (p *proxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		if !p.track(c) {
			c.Close()
			return
		}
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			defer p.untrack(c)
			p.serve(c)
		}()
	}
}

// track records an open connection, or reports false once the proxy is
// closing.
func (p *proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ctx.Err() != nil {
		return false
	}
	p.conns[c] = struct{}{}
	return true
}

// untrack closes and forgets a connection.
func (p *proxy) untrack(c net.Conn) {
	c.Close()
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
}

// serve reads the browser's SOCKS5 request on c, connects as it asks
// when the guard lets it, and relays bytes both ways until either side
// closes.
func (p *proxy) serve(c net.Conn) {
	c.SetDeadline(time.Now().Add(handshakeTimeout))
	host, port, err := readRequest(c)
	if err != nil {
		p.log.Debug("render: proxy request refused", "error", err)
		var re *requestError
		if errors.As(err, &re) {
			writeReply(c, re.code)
		}
		return
	}
	target := net.JoinHostPort(host, strconv.Itoa(int(port)))
	out, err := p.dial(p.ctx, "tcp", target)
	if err != nil {
		p.remember(host, err)
		p.log.Debug("render: proxy connection refused", "host", host, "error", err)
		writeReply(c, replyCode(err))
		return
	}
	if !p.track(out) { // the proxy is closing
		out.Close()
		return
	}
	defer p.untrack(out)
	if err := writeReply(c, socksSucceeded); err != nil {
		return
	}
	c.SetDeadline(time.Time{})
	relay(c, out)
}

// relay copies bytes between a and b until both directions end.
func relay(a, b net.Conn) {
	done := make(chan struct{})
	go func() {
		io.Copy(b, a)
		closeWrite(b)
		close(done)
	}()
	io.Copy(a, b)
	closeWrite(a)
	<-done
}

// closeWrite half-closes c when it can, so the other side sees the end
// of what this side sends.
func closeWrite(c net.Conn) {
	if tc, ok := c.(*net.TCPConn); ok {
		tc.CloseWrite()
		return
	}
	c.Close()
}

// remember records why a connection to host failed, for the render whose
// page it was to report. When the memory is full, what is older than a
// minute (longer than a render lasts) goes, and all of it when that frees
// nothing.
func (p *proxy) remember(host string, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if len(p.refused) >= maxRefusals {
		for h, r := range p.refused {
			if now.Sub(r.at) > time.Minute {
				delete(p.refused, h)
			}
		}
		if len(p.refused) >= maxRefusals {
			clear(p.refused)
		}
	}
	p.refused[strings.ToLower(host)] = refusal{at: now, err: err}
}

// refusalSince returns why the last connection to host failed, when it
// failed at or after since, else nil.
func (p *proxy) refusalSince(host string, since time.Time) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	r, ok := p.refused[strings.ToLower(strings.Trim(host, "[]"))]
	if !ok || r.at.Before(since) {
		return nil
	}
	return r.err
}
