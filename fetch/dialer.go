package fetch

import (
	"fmt"
	"net"
	"net/netip"
	"syscall"
	"time"
)

// NewDialer returns the dialer every connection of a Client is made
// with: ConnectTimeout, cfg.Resolver, and unless cfg.AllowPrivate the
// refusal of non-public addresses (ClassifyAddr). The refusal runs on the
// address being connected to, after the name is resolved, so a name that
// answers a public address to one lookup and a private one to the next
// (DNS rebinding) is judged by the address it reaches. Other components
// that open connections for URLs users gave (the render package's proxy
// for the browser) dial with it too.
func NewDialer(cfg Config) *net.Dialer {
	cfg = cfg.withDefaults()
	d := &net.Dialer{Timeout: cfg.ConnectTimeout, KeepAlive: 30 * time.Second, Resolver: cfg.Resolver}
	if !cfg.AllowPrivate {
		d.Control = refuseNonPublic
	}
	return d
}

// RefuseClassified returns a net.Dialer Control function that refuses
// every address classify names a class for, with an *AddressError. The
// dialers of NewDialer use it with ClassifyAddr; a narrower classify
// serves tests whose servers all live on loopback.
func RefuseClassified(classify func(netip.Addr) string) func(network, address string, c syscall.RawConn) error {
	return func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("fetch: unable to check dial address %q: %w", address, err)
		}
		if reason := classify(ap.Addr()); reason != "" {
			return &AddressError{Addr: ap.Addr(), Reason: reason}
		}
		return nil
	}
}

// refuseNonPublic is the Control function of NewDialer's dialers: it
// refuses every address ClassifyAddr names.
var refuseNonPublic = RefuseClassified(ClassifyAddr)
