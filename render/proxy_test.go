package render

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	xproxy "golang.org/x/net/proxy"

	"vigil/fetch"
	"vigil/internal/dnstest"
)

// TestProxyDialsThroughTheGuard speaks SOCKS5 to the proxy as Chromium
// does (the host name sent, not an address): after a first lookup that
// answered a public address, the connection the proxy makes is judged
// by the address it reaches, refused with the guard's reason
// remembered for the render, or relayed when private addresses are
// allowed.
func TestProxyDialsThroughTheGuard(t *testing.T) {
	page, hits := serveOn(t, "127.0.0.1", htmlPage("<p>private</p>"))
	_, port, _ := net.SplitHostPort(page.Listener.Addr().String())
	tests := []struct {
		name         string
		allowPrivate bool
		wantErr      string
	}{
		{name: "rebound name refused", wantErr: "refusing to connect to 127.0.0.1, a loopback address"},
		{name: "allowed", allowPrivate: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dns := dnstest.Start(t, dnstest.Rebinding)
			g := guard{classify: fetch.ClassifyAddr, resolver: dns.Resolver()}
			if err := g.check(t.Context(), "http://rebind.test:"+port+"/"); err != nil {
				t.Fatalf("the check before the connection refused: %v", err)
			}
			dialer := fetch.NewDialer(fetch.Config{AllowPrivate: tt.allowPrivate, Resolver: dns.Resolver()})
			p, err := startProxy(dialer.DialContext, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			defer p.close()
			began, before := time.Now(), hits.Load()
			client, err := xproxy.SOCKS5("tcp", p.ln.Addr().String(), nil, xproxy.Direct)
			if err != nil {
				t.Fatal(err)
			}
			conn, err := client.Dial("tcp", "rebind.test:"+port)
			if tt.wantErr != "" {
				if err == nil {
					conn.Close()
					t.Fatal("the proxy connected to the rebound name")
				}
				var fe *fetch.Error
				refusal := connectionError("http://rebind.test/", p.refusalSince("rebind.test", began))
				if !errors.As(refusal, &fe) || fe.Kind != fetch.KindForbiddenAddress || !strings.Contains(refusal.Error(), tt.wantErr) {
					t.Errorf("the proxy remembered %v, want %q", refusal, tt.wantErr)
				}
				if n := hits.Load() - before; n != 0 {
					t.Errorf("the server answered %d requests", n)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			io.WriteString(conn, "GET / HTTP/1.1\r\nHost: rebind.test\r\nConnection: close\r\n\r\n")
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			if !strings.Contains(string(body), "private") {
				t.Errorf("body %q through the proxy", body)
			}
		})
	}
}

// TestProxyRefusesBadRequests: what is not a SOCKS5 CONNECT gets the
// reply that says why, or no reply, and never a connection.
func TestProxyRefusesBadRequests(t *testing.T) {
	var dialed atomic.Int32
	p, err := startProxy(func(context.Context, string, string) (net.Conn, error) {
		dialed.Add(1)
		return nil, errors.New("no dial in this test")
	}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer p.close()
	noAuth := []byte{5, socksNoAuth}
	reply := func(code byte) []byte { return append(noAuth, 5, code, 0, socksIPv4, 0, 0, 0, 0, 0, 0) }
	tests := []struct {
		name       string
		send, want []byte
	}{
		{name: "SOCKS4", send: []byte{4, 1, 0, 80, 127, 0, 0, 1, 0}, want: []byte{}},
		{name: "only authentication offered", send: []byte{5, 1, 2}, want: []byte{5, socksNoMethod}},
		{name: "BIND", send: []byte{5, 1, 0, 5, 2, 0, 1, 127, 0, 0, 1, 0, 80}, want: reply(socksCommandUnsupported)},
		{name: "unknown address type", send: []byte{5, 1, 0, 5, 1, 0, 9}, want: reply(socksAddressUnsupported)},
		{name: "empty host name", send: []byte{5, 1, 0, 5, 1, 0, 3, 0, 0, 80}, want: reply(socksAddressUnsupported)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := net.Dial("tcp", p.ln.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			c.SetDeadline(time.Now().Add(5 * time.Second))
			c.Write(tt.send)
			if got, _ := io.ReadAll(c); !bytes.Equal(got, tt.want) {
				t.Errorf("answer %v, want %v", got, tt.want)
			}
		})
	}
	if n := dialed.Load(); n != 0 {
		t.Errorf("the proxy dialled %d times", n)
	}
}
