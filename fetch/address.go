package fetch

import (
	"fmt"
	"net/netip"
	"syscall"
)

// AddressError is the cause of a KindForbiddenAddress error: the host
// resolved to an address that is not on the public Internet.
type AddressError struct {
	Addr   netip.Addr
	Reason string // the class of the address, e.g. "loopback"
}

// Error names the address and its class.
func (e *AddressError) Error() string {
	return fmt.Sprintf("refusing to connect to %s, a %s address (allowing private addresses, e.g. --allow-private, lifts this)", e.Addr, e.Reason)
}

// Non-public IPv4 ranges that netip.Addr has no predicate for.
var (
	thisNetwork = netip.MustParsePrefix("0.0.0.0/8")
	sharedCGNAT = netip.MustParsePrefix("100.64.0.0/10")
	reservedV4  = netip.MustParsePrefix("240.0.0.0/4") // includes broadcast
)

// ClassifyAddr names the class of a non-public address, or returns "" when ip
// is publicly routable. IPv4-mapped IPv6 addresses are judged by their
// IPv4 form.
func ClassifyAddr(ip netip.Addr) string {
	ip = ip.Unmap().WithZone("")
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
	case reservedV4.Contains(ip):
		return "reserved"
	}
	return ""
}

// refuseNonPublic is a net.Dialer Control function: it runs on the resolved
// address just before connecting, so a host name that resolves (or later
// re-resolves) to a non-public address is refused.
func refuseNonPublic(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("fetch: unable to check dial address %q: %w", address, err)
	}
	if reason := ClassifyAddr(ap.Addr()); reason != "" {
		return &AddressError{Addr: ap.Addr(), Reason: reason}
	}
	return nil
}
