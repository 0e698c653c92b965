package fetch

import (
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

func TestClassifyAddr(t *testing.T) {
	tests := []struct {
		ip   string
		want string // "" for public
	}{
		{"8.8.8.8", ""},
		{"1.1.1.1", ""},
		{"93.184.216.34", ""},
		{"100.63.255.255", ""},
		{"100.128.0.0", ""},
		{"172.15.255.255", ""},
		{"172.32.0.0", ""},
		{"192.167.255.255", ""},
		{"223.255.255.255", ""},
		{"2001:4860:4860::8888", ""},
		{"2606:4700:4700::1111", ""},
		{"::ffff:8.8.8.8", ""},
		{"0.0.0.0", "unspecified"},
		{"::", "unspecified"},
		{"0.1.2.3", "this-network"},
		{"0.255.255.255", "this-network"},
		{"127.0.0.1", "loopback"},
		{"127.255.0.9", "loopback"},
		{"::1", "loopback"},
		{"::ffff:127.0.0.1", "loopback"},
		{"10.0.0.1", "private"},
		{"10.255.255.255", "private"},
		{"172.16.0.1", "private"},
		{"172.31.255.255", "private"},
		{"192.168.1.1", "private"},
		{"::ffff:192.168.0.1", "private"},
		{"::ffff:10.1.2.3", "private"},
		{"fc00::1", "private"},
		{"fd12:3456::1", "private"},
		{"169.254.169.254", "link-local"},
		{"::ffff:169.254.169.254", "link-local"},
		{"fe80::1", "link-local"},
		{"fe80::1%eth0", "link-local"},
		{"febf::1", "link-local"},
		{"224.0.0.1", "multicast"},
		{"239.255.255.250", "multicast"},
		{"ff02::1", "multicast"},
		{"ff05::2", "multicast"},
		{"100.64.0.1", "shared (CGNAT)"},
		{"100.127.255.255", "shared (CGNAT)"},
		{"::ffff:100.64.0.1", "shared (CGNAT)"},
		{"240.0.0.1", "reserved"},
		{"255.255.255.255", "reserved"},
		{"192.0.0.1", "protocol assignment"},
		{"192.0.0.255", "protocol assignment"},
		{"192.0.1.0", ""},
		{"198.18.0.1", "benchmarking"},
		{"198.19.255.255", "benchmarking"},
		{"198.17.255.255", ""},
		{"198.20.0.0", ""},
		{"fec0::1", "site-local"},
		{"feff::1", "site-local"},
		{"64:ff9b::808:808", ""},
		{"64:ff9b::8.8.8.8", ""},
		{"64:ff9b::127.0.0.1", "loopback"},
		{"64:ff9b::10.1.2.3", "private"},
		{"64:ff9b::169.254.169.254", "link-local"},
		{"64:ff9b:1::8.8.8.8", ""},
		{"64:ff9b:1:abcd::8.8.8.8", ""},
		{"64:ff9b:1::192.168.0.1", "private"},
		{"64:ff9b:1:abcd::127.0.0.1", "loopback"},
		{"2002:808:808::1", ""},
		{"2002:7f00:1::1", "loopback"},
		{"2002:a00:1::", "private"},
		{"2002:a9fe:a9fe:1::1", "link-local"},
		{"::8.8.8.8", ""},
		{"::127.0.0.1", "loopback"},
		{"::10.0.0.1", "private"},
		{"::100.64.0.1", "shared (CGNAT)"},
	}
	for _, tt := range tests {
		if got := ClassifyAddr(netip.MustParseAddr(tt.ip)); got != tt.want {
			t.Errorf("ClassifyAddr(%s) = %q; want %q", tt.ip, got, tt.want)
		}
	}
	if got := ClassifyAddr(netip.Addr{}); got != "invalid" {
		t.Errorf("ClassifyAddr(zero Addr) = %q; want invalid", got)
	}
}

func TestRefuseNonPublic(t *testing.T) {
	tests := []struct {
		address string
		refused bool
	}{
		{"8.8.8.8:443", false},
		{"[2001:4860:4860::8888]:80", false},
		{"127.0.0.1:80", true},
		{"[::1]:80", true},
		{"[::ffff:127.0.0.1]:80", true},
		{"[fe80::1%lo]:80", true},
		{"[64:ff9b::7f00:1]:80", true},
		{"[2002:7f00:1::1]:80", true},
		{"[::7f00:1]:80", true},
		{"not an address", true},
	}
	for _, tt := range tests {
		if err := refuseNonPublic("tcp", tt.address, nil); (err != nil) != tt.refused {
			t.Errorf("refuseNonPublic(%q) = %v; want refused=%v", tt.address, err, tt.refused)
		}
	}
}

func TestDefaultConfigRefusesLoopback(t *testing.T) {
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { hits.Add(1) })
	port := srv.Listener.Addr().(interface{ AddrPort() netip.AddrPort }).AddrPort().Port()
	tests := []struct {
		host, wantAddr string
	}{
		{"127.0.0.1", "127.0.0.1"},
		{"[::1]", "::1"},
		{"localhost", ""}, // resolves to 127.0.0.1 or ::1
		{"LocalHost", ""},
	}
	c := New(Config{})
	for _, tt := range tests {
		raw := (&url.URL{Scheme: "http", Host: tt.host + ":" + strconv.Itoa(int(port)), Path: "/feed"}).String()
		e := wantKind(t, c, Request{URL: raw}, KindForbiddenAddress)
		msg := e.Error()
		if !strings.Contains(msg, "loopback") || !strings.Contains(msg, tt.wantAddr) || !strings.Contains(msg, raw) {
			t.Errorf("message %q; want it to name the URL, the address %q and its class", msg, tt.wantAddr)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the server was reached %d times; want none", n)
	}
	if resp := mustGet(t, testClient(Config{}), Request{URL: srv.URL}); resp.Status != 200 {
		t.Fatalf("with AllowPrivate: status %d; want 200", resp.Status)
	}
}

func TestNoProxyFromEnvironment(t *testing.T) {
	if c := New(Config{}); c.transport.Proxy != nil {
		t.Fatal("the transport uses a proxy; it would bypass the address check")
	}
}
