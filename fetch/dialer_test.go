package fetch

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/net/dns/dnsmessage"

	"vigil/internal/dnstest"
)

// TestDialerJudgesTheAddressConnected: a name that answered a public
// address to an earlier lookup and loopback to the dial's own is refused
// at the dial, before the server sees a request, and reached when
// private addresses are allowed; the Config's resolver is the one asked.
func TestDialerJudgesTheAddressConnected(t *testing.T) {
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		w.Write([]byte("private page"))
	})
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	tests := []struct {
		name         string
		allowPrivate bool
		wantErr      string
	}{
		{name: "refused", wantErr: "refusing to connect to 127.0.0.1, a loopback address"},
		{name: "allowed", allowPrivate: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dns := dnstest.Start(t, dnstest.Rebinding)
			resolver := dns.Resolver()
			first, err := resolver.LookupNetIP(context.Background(), "ip4", "rebind.test")
			if err != nil || len(first) != 1 || ClassifyAddr(first[0]) != "" {
				t.Fatalf("the first lookup answered %v, %v; want one public address", first, err)
			}
			before := hits.Load()
			c := New(Config{AllowPrivate: tt.allowPrivate, Resolver: resolver})
			resp, err := c.Get(context.Background(), Request{URL: "http://rebind.test:" + port + "/"})
			if dns.Asked("rebind.test", dnsmessage.TypeA) < 2 {
				t.Errorf("the dial did not ask the Config's resolver")
			}
			if tt.wantErr != "" {
				var fe *Error
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, &fe) || fe.Kind != KindForbiddenAddress {
					t.Fatalf("Get = %v, %v; want a refused address: %s", resp, err, tt.wantErr)
				}
				if n := hits.Load() - before; n != 0 {
					t.Errorf("the refused server answered %d requests", n)
				}
				return
			}
			if err != nil || string(resp.Body) != "private page" {
				t.Fatalf("Get = %v, %v; want the page", resp, err)
			}
		})
	}
}
