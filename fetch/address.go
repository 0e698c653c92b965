package fetch

import (
	"fmt"
	"net/netip"
	"strings"
)

// AddressError is the cause of a KindForbiddenAddress error: the host
// resolved to an address that is not on the public Internet.
type AddressError struct {
	Addr   netip.Addr
	Reason string // the class of the address, e.g. "loopback"
}

// refusing starts the wording of an AddressError.
const refusing = "refusing to connect to "

// Error names the address and its class.
func (e *AddressError) Error() string {
	return fmt.Sprintf(refusing+"%s, a %s address (allowing private addresses, e.g. --allow-private, lifts this)", e.Addr, e.Reason)
}

// RefusedAddress reports whether errText, the words of a failed fetch as
// an observation keeps them, holds an AddressError: vigil itself refused
// the fetch, no server was asked.
func RefusedAddress(errText string) bool {
	return strings.Contains(errText, refusing)
}

// Non-public ranges that netip.Addr has no predicate for.
var (
	thisNetwork  = netip.MustParsePrefix("0.0.0.0/8")
	sharedCGNAT  = netip.MustParsePrefix("100.64.0.0/10")
	ietfProtocol = netip.MustParsePrefix("192.0.0.0/24")
	benchmarking = netip.MustParsePrefix("198.18.0.0/15")
	reservedV4   = netip.MustParsePrefix("240.0.0.0/4") // includes broadcast
	siteLocalV6  = netip.MustParsePrefix("fec0::/10")
)

// embeddedV4 lists the IPv6 ranges whose addresses carry an IPv4 address,
// and the byte offset of that address.
var embeddedV4 = []struct {
	prefix netip.Prefix
	at     int
}{
	{netip.MustParsePrefix("64:ff9b::/96"), 12},   // NAT64, well-known prefix
	{netip.MustParsePrefix("64:ff9b:1::/48"), 12}, // NAT64, local-use prefix (a /96 of it)
	{netip.MustParsePrefix("2002::/16"), 2},       // 6to4
	{netip.MustParsePrefix("::/96"), 12},          // IPv4-compatible (deprecated)
}

// ClassifyAddr names the class of a non-public address, or returns "" when ip
// is publicly routable. IPv4-mapped IPv6 addresses are judged by their
// IPv4 form, and so are the IPv6 addresses that lead to an IPv4 address
// (NAT64, 6to4, IPv4-compatible).
func ClassifyAddr(ip netip.Addr) string {
	ip = ip.Unmap().WithZone("")
	if reason := classifyOne(ip); reason != "" {
		return reason
	}
	if v4, ok := embeddedIPv4(ip); ok {
		return classifyOne(v4)
	}
	return ""
}

// embeddedIPv4 returns the IPv4 address that an IPv6 address carries, if any.
func embeddedIPv4(ip netip.Addr) (netip.Addr, bool) {
	b := ip.As16()
	for _, e := range embeddedV4 {
		if e.prefix.Contains(ip) {
			return netip.AddrFrom4([4]byte(b[e.at : e.at+4])), true
		}
	}
	return netip.Addr{}, false
}

// classifyOne names the class of ip itself, without looking into it.
func classifyOne(ip netip.Addr) string {
	switch {
	case !ip.IsValid():
		return "invalid"
	case ip.IsUnspecified():
		return "unspecified"
	case ip.IsLoopback():
		return "loopback"
	case ip.IsPrivate():
		return "private"
	case ip.IsLinkLocalUnicast():
		return "link-local"
	case ip.IsMulticast():
		return "multicast"
	case thisNetwork.Contains(ip):
		return "this-network"
	case sharedCGNAT.Contains(ip):
		return "shared (CGNAT)"
	case ietfProtocol.Contains(ip):
		return "protocol assignment"
	case benchmarking.Contains(ip):
		return "benchmarking"
	case reservedV4.Contains(ip):
		return "reserved"
	case siteLocalV6.Contains(ip):
		return "site-local"
	}
	return ""
}
