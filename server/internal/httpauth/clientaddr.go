package httpauth

import (
	"net/http"
	"net/netip"
	"strings"
)

// clientAddr returns the address whose failures a request counts for: the
// client's IPv4 address, or the /64 network of its IPv6 address, since a
// single host commonly holds a whole /64. Behind a reverse proxy every
// request comes from the proxy, so when the peer is one of the trusted
// proxies the client is read from the forwarding headers the proxies
// append to (see forwardedClient); from any other peer they are ignored,
// since the client writes them as it likes.
func (a *Auth) clientAddr(r *http.Request) netip.Prefix {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Prefix{} // every unparsable address shares one count
	}
	ip := ap.Addr().Unmap().WithZone("")
	if a.trusts(ip) {
		ip = a.forwardedClient(r, ip)
	}
	bits := 64
	if ip.Is4() {
		bits = 32
	}
	p, _ := ip.Prefix(bits) // bits fits the address family
	return p
}

// trusts reports whether ip is one of the trusted proxies.
func (a *Auth) trusts(ip netip.Addr) bool {
	for _, p := range a.proxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// forwardedClient walks the addresses the proxies recorded (Forwarded's
// for= parameters, else X-Forwarded-For), from the nearest (rightmost)
// back, and returns the first that is not a trusted proxy: the rightmost
// untrusted address, the one a trusted proxy saw connecting to it.
// Entries further left were written by that client and cannot be
// believed. An entry that is no address ("unknown", an obfuscated name)
// stops the walk at the proxy that wrote it, whose address is returned, so
// that such clients share that proxy's count rather than pick their own.
func (a *Auth) forwardedClient(r *http.Request, peer netip.Addr) netip.Addr {
	chain := forwardedFor(r.Header.Values("Forwarded"))
	if len(chain) == 0 {
		chain = listValues(r.Header.Values("X-Forwarded-For"))
	}
	client := peer
	for i := len(chain) - 1; i >= 0; i-- {
		ip, ok := parseNode(chain[i])
		if !ok {
			return client
		}
		if !a.trusts(ip) {
			return ip
		}
		client = ip
	}
	return client
}

// listValues splits comma-separated header values into trimmed entries.
func listValues(values []string) []string {
	var out []string
	for _, v := range values {
		for e := range strings.SplitSeq(v, ",") {
			out = append(out, strings.TrimSpace(e))
		}
	}
	return out
}

// forwardedFor returns the for= values of RFC 7239 Forwarded headers, in
// order; an element without one counts as "unknown".
func forwardedFor(values []string) []string {
	var out []string
	for _, elem := range listValues(values) {
		node := "unknown"
		for pair := range strings.SplitSeq(elem, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
			if ok && strings.EqualFold(k, "for") {
				node = strings.Trim(v, `"`)
			}
		}
		out = append(out, node)
	}
	return out
}

// parseNode reads the address of a forwarded node: "192.0.2.7",
// "192.0.2.7:4711", "[2001:db8::1]:4711" or "2001:db8::1".
func parseNode(s string) (netip.Addr, bool) {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone(""), true
	}
	ip, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"))
	if err != nil {
		return netip.Addr{}, false
	}
	return ip.Unmap().WithZone(""), true
}
