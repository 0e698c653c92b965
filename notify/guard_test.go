package notify

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"golang.org/x/net/dns/dnsmessage"

	"vigil/fetch"
	"vigil/internal/dnstest"
)

// loopbackName is the name the tests' DNS server answers with 127.0.0.1.
const loopbackName = "hooks.vigil.test"

// target is an address a channel URL aims a service at, and whether a
// listener of the test answers there.
type target struct {
	name   string
	host   func(v4, v6 *listener) string
	listen bool
}

// targets are the non-public addresses the guard refuses.
var targets = []target{
	{name: "loopback", host: func(v4, _ *listener) string { return "127.0.0.1:" + v4.port() }, listen: true},
	{name: "loopback v6", host: func(_, v6 *listener) string { return "[::1]:" + v6.port() }, listen: true},
	{name: "mapped v6", host: func(v4, _ *listener) string { return "[::ffff:127.0.0.1]:" + v4.port() }, listen: true},
	{name: "dns to loopback", host: func(v4, _ *listener) string { return loopbackName + ":" + v4.port() }, listen: true},
	{name: "link-local", host: func(*listener, *listener) string { return "169.254.169.254:80" }},
	{name: "private", host: func(*listener, *listener) string { return "10.0.0.1:80" }},
}

// loopbackDNS starts a DNS server that answers loopbackName with
// 127.0.0.1 and nothing else.
func loopbackDNS(t *testing.T) *net.Resolver {
	return dnstest.Start(t, func(name string, qtype dnsmessage.Type, _ int) ([]netip.Addr, bool) {
		if name != loopbackName {
			return nil, false
		}
		if qtype == dnsmessage.TypeA {
			return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, true
		}
		return nil, true
	}).Resolver()
}

// TestGuardRefusesEveryService sends to every service that lets its URL
// name the server, aimed at loopback, link-local and private addresses:
// no listener sees a connection, and the service's dials all went
// through the guard, which refused them. The same sends with private
// addresses allowed show where the URL aims: where they reach the
// listener (or dial its host on another port: zulip takes none), the
// guarded send must have dialled and been refused; where they do not,
// the service cannot address that host at all (zulip takes
// no IP address, opsgenie and signal no IPv6 one), which the test allows
// as long as one of the targets reaches the listener.
func TestGuardRefusesEveryService(t *testing.T) {
	v4 := listen(t, "127.0.0.1:0", answerJSON)
	v6 := listen(t, "[::1]:0", answerJSON)
	resolver := loopbackDNS(t)
	for _, s := range services {
		if s.fixed {
			continue
		}
		aimed := 0
		for _, tg := range targets {
			t.Run(s.name+"/"+tg.name, func(t *testing.T) {
				raw := strings.ReplaceAll(s.url, "HOST", tg.host(v4, v6))
				guard := &recorder{dial: fetch.NewDialer(fetch.Config{Resolver: resolver}).DialContext}
				before := v4.conns.Load() + v6.conns.Load()
				_, err := send(raw, "title", "text", guard.DialContext)
				if hits := v4.conns.Load() + v6.conns.Load() - before; hits != 0 {
					t.Fatalf("the guarded send reached a listener %d times (err %v)", hits, err)
				}
				if err == nil {
					t.Fatal("the guarded send succeeded")
				}
				if !tg.listen {
					assertNoneThrough(t, guard, err)
					return
				}
				allowed := &recorder{dial: fetch.NewDialer(fetch.Config{AllowPrivate: true, Resolver: resolver}).DialContext}
				_, allowedErr := send(raw, "title", "text", allowed.DialContext)
				switch reached := v4.conns.Load()+v6.conns.Load() > before; {
				case reached || dialled(allowed, tg.host(v4, v6)):
					aimed++
					assertRefused(t, guard, err)
				default:
					t.Logf("%s cannot address %s: %v", s.name, tg.name, allowedErr)
				}
			})
		}
		if aimed == 0 {
			t.Errorf("%s: with private addresses allowed no send reached a listener: its URL aims nowhere the test can see", s.name)
		}
	}
}

// dialled reports whether r was asked for hostPort's host, on any port.
func dialled(r *recorder, hostPort string) bool {
	want, _, _ := net.SplitHostPort(hostPort)
	addrs, _ := r.seen()
	for _, a := range addrs {
		if h, _, _ := net.SplitHostPort(a); h == want {
			return true
		}
	}
	return false
}

// assertNoneThrough checks that whatever the service dialled went
// through the guard and was refused: where no listener can tell, a dial
// that did not go through the route would be missed, but one that did
// and was not refused is not.
func assertNoneThrough(t *testing.T, r *recorder, sendErr error) {
	t.Helper()
	if addrs, _ := r.seen(); len(addrs) > 0 {
		assertRefused(t, r, sendErr)
	}
}

// assertRefused checks that the service dialled through the guard, at
// least once, and that every dial was refused as non-public.
func assertRefused(t *testing.T, r *recorder, sendErr error) {
	t.Helper()
	addrs, errs := r.seen()
	if len(addrs) == 0 {
		t.Fatalf("the service made no dial through the route: its traffic went elsewhere or nowhere (send: %v)", sendErr)
	}
	for i, err := range errs {
		if err == nil || !strings.Contains(err.Error(), "refusing to connect") {
			t.Errorf("dial %s = %v, want refused as non-public", addrs[i], err)
		}
	}
}

// TestFixedHostServicesDialThroughRoute sends to every service with a
// server of its own (api.telegram.org, discord.com, …), which a test must
// not reach: every dial the service makes goes through the send's route,
// which here refuses it, and a second time takes it to a loopback
// listener instead, which then sees exactly the route's connections.
func TestFixedHostServicesDialThroughRoute(t *testing.T) {
	l := listen(t, "127.0.0.1:0", answerJSON)
	refuse := errors.New("test: refused")
	for _, s := range services {
		if !s.fixed {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			none := &recorder{dial: func(context.Context, string, string) (net.Conn, error) { return nil, refuse }}
			_, err := send(s.url, "title", "text", none.DialContext)
			if err == nil {
				t.Fatal("the send succeeded with every dial refused")
			}
			if addrs, _ := none.seen(); len(addrs) == 0 {
				t.Fatalf("the service made no dial through the route (send: %v)", err)
			}
			before := l.conns.Load()
			var d net.Dialer
			to := &recorder{dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
				return d.DialContext(ctx, network, l.srv.Listener.Addr().String())
			}}
			_, _ = send(s.url, "title", "text", to.DialContext)
			addrs, _ := to.seen()
			if got := l.conns.Load() - before; got == 0 || got != int64(len(addrs)) {
				t.Errorf("the listener saw %d connections, the route dialled %d (%v)", got, len(addrs), addrs)
			}
			for _, a := range addrs {
				if host, _, _ := net.SplitHostPort(a); net.ParseIP(host) != nil && net.ParseIP(host).IsLoopback() {
					t.Errorf("the service dialled %s, not its own server", a)
				}
			}
		})
	}
}

// TestRedirectToLoopbackRefused follows a webhook on an allowed server
// that redirects to loopback: the redirect's dial goes through the guard
// and the loopback listener sees nothing.
func TestRedirectToLoopbackRefused(t *testing.T) {
	inside := listen(t, "[::1]:0", answerJSON)
	outsideSrv := listen(t, "127.0.0.1:0", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://[::1]:"+inside.port()+"/steal", http.StatusTemporaryRedirect)
	})
	allowed := outsideSrv.srv.Listener.Addr().String()
	guard := fetch.NewDialer(fetch.Config{}).DialContext
	var d net.Dialer
	dial := &recorder{dial: func(ctx context.Context, network, addr string) (net.Conn, error) {
		if addr == allowed { // the one server this test treats as public
			return d.DialContext(ctx, network, addr)
		}
		return guard(ctx, network, addr)
	}}
	_, err := send("generic+http://"+allowed+"/hook", "title", "text", dial.DialContext)
	if err == nil {
		t.Fatal("the send succeeded through a redirect to loopback")
	}
	if n := inside.conns.Load(); n != 0 {
		t.Fatalf("the redirect reached the loopback listener %d times", n)
	}
	if addrs, _ := dial.seen(); len(addrs) != 2 {
		t.Errorf("dials %v, want the allowed server then the refused redirect", addrs)
	}
}

// TestSendGuardedByDefault uses Send as vigil does, private addresses
// not allowed: a webhook on loopback is refused and not reached; allowed,
// it is reached and the answer reported.
func TestSendGuardedByDefault(t *testing.T) {
	l := listen(t, "127.0.0.1:0", answerJSON)
	raw := "gotify://127.0.0.1:" + l.port() + "/AGotifyT0ken12x?disabletls=yes"
	if _, err := Send(raw, "title", "text", false); err == nil || l.conns.Load() != 0 {
		t.Fatalf("Send to loopback = %v with %d connections, want refused and none", err, l.conns.Load())
	}
	a, err := Send(raw, "title", "text", true)
	if err != nil || a.Status != http.StatusOK || a.Requests != 1 {
		t.Fatalf("Send allowed = %+v, %v; want one request answered 200", a, err)
	}
	if got := a.String(); got != "answered 200 OK" {
		t.Errorf("Answer.String() = %q", got)
	}
}
