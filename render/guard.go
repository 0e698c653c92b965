package render

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"

	"vigil/fetch"
)

// guard decides which requests of the browser may go on.
type guard struct {
	allowPrivate bool
	// classify names the class of a refused address, "" for a public one:
	// fetch.ClassifyAddr, or in tests a narrower rule.
	classify func(netip.Addr) string
	resolver *net.Resolver
}

// check returns why the browser may not request rawURL, or nil. It
// resolves the host and refuses it when any of its addresses is refused
// (the browser's connection is judged again by the proxy; see the
// package doc).
func (g guard) check(ctx context.Context, rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil {
		return fmt.Errorf("render: the browser asked for a malformed URL: %v", err)
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
	case "data", "blob":
		return nil // no network: the content is in the page already
	default:
		return fmt.Errorf("render: the browser may not load %s: URLs", u.Scheme)
	}
	if g.allowPrivate {
		return nil
	}
	addrs, err := g.addresses(ctx, u.Hostname())
	if err != nil {
		return err
	}
	for _, a := range addrs {
		if reason := g.classify(a); reason != "" {
			return &fetch.Error{Kind: fetch.KindForbiddenAddress, URL: fetch.RedactURL(rawURL), Err: &fetch.AddressError{Addr: a, Reason: reason}}
		}
	}
	return nil
}

// addresses resolves host, or reads it when it is an address.
func (g guard) addresses(ctx context.Context, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return []netip.Addr{a}, nil
	}
	addrs, err := g.resolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil, &fetch.Error{Kind: fetch.KindDNS, URL: host, Err: err}
	}
	return addrs, nil
}
