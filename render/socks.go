package render

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"

	"vigil/fetch"
)

// SOCKS5 (RFC 1928) values the proxy reads and writes.
const (
	socksVersion  = 5
	socksNoAuth   = 0x00
	socksNoMethod = 0xff
	socksConnect  = 1
	socksIPv4     = 1
	socksDomain   = 3
	socksIPv6     = 4
)

// SOCKS5 reply codes.
const (
	socksSucceeded          = 0
	socksFailure            = 1
	socksNotAllowed         = 2
	socksHostUnreachable    = 4
	socksConnectionRefused  = 5
	socksCommandUnsupported = 7
	socksAddressUnsupported = 8
)

// requestError is a SOCKS5 request the proxy will not serve, with the
// reply code that says so.
type requestError struct {
	code byte
	err  error
}

// Error says what was wrong with the request.
func (e *requestError) Error() string { return "render: proxy: " + e.err.Error() }

// readRequest reads a SOCKS5 greeting (accepting "no authentication":
// only the browser on this machine talks to the proxy) and a CONNECT
// request, and returns the host (a name, or an address without
// brackets) and port asked for.
func readRequest(c io.ReadWriter) (string, uint16, error) {
	var head [2]byte
	if _, err := io.ReadFull(c, head[:]); err != nil {
		return "", 0, fmt.Errorf("render: proxy: reading the greeting: %w", err)
	}
	if head[0] != socksVersion {
		return "", 0, fmt.Errorf("render: proxy: SOCKS version %d, want 5", head[0])
	}
	methods := make([]byte, head[1])
	if _, err := io.ReadFull(c, methods); err != nil {
		return "", 0, fmt.Errorf("render: proxy: reading the greeting: %w", err)
	}
	if !containsByte(methods, socksNoAuth) {
		c.Write([]byte{socksVersion, socksNoMethod})
		return "", 0, errors.New("render: proxy: the client offers no method without authentication")
	}
	if _, err := c.Write([]byte{socksVersion, socksNoAuth}); err != nil {
		return "", 0, err
	}
	var req [4]byte
	if _, err := io.ReadFull(c, req[:]); err != nil {
		return "", 0, fmt.Errorf("render: proxy: reading the request: %w", err)
	}
	if req[0] != socksVersion || req[1] != socksConnect {
		return "", 0, &requestError{code: socksCommandUnsupported, err: fmt.Errorf("command %d, only CONNECT (1) is served", req[1])}
	}
	host, err := readAddress(c, req[3])
	if err != nil {
		return "", 0, err
	}
	var port [2]byte
	if _, err := io.ReadFull(c, port[:]); err != nil {
		return "", 0, fmt.Errorf("render: proxy: reading the request: %w", err)
	}
	return host, binary.BigEndian.Uint16(port[:]), nil
}

// readAddress reads the destination of a request of address type atyp.
func readAddress(r io.Reader, atyp byte) (string, error) {
	var n int
	switch atyp {
	case socksIPv4:
		n = 4
	case socksIPv6:
		n = 16
	case socksDomain:
		var l [1]byte
		if _, err := io.ReadFull(r, l[:]); err != nil {
			return "", fmt.Errorf("render: proxy: reading the request: %w", err)
		}
		name := make([]byte, l[0])
		if _, err := io.ReadFull(r, name); err != nil {
			return "", fmt.Errorf("render: proxy: reading the request: %w", err)
		}
		if len(name) == 0 {
			return "", &requestError{code: socksAddressUnsupported, err: errors.New("an empty host name")}
		}
		return string(name), nil
	default:
		return "", &requestError{code: socksAddressUnsupported, err: fmt.Errorf("address type %d", atyp)}
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", fmt.Errorf("render: proxy: reading the request: %w", err)
	}
	a, _ := netip.AddrFromSlice(b)
	return a.String(), nil
}

// containsByte reports whether b holds x.
func containsByte(b []byte, x byte) bool {
	for _, c := range b {
		if c == x {
			return true
		}
	}
	return false
}

// writeReply sends a SOCKS5 reply with code and no bound address (the
// browser does not use it).
func writeReply(w io.Writer, code byte) error {
	_, err := w.Write([]byte{socksVersion, code, 0, socksIPv4, 0, 0, 0, 0, 0, 0})
	return err
}

// replyCode is the SOCKS5 reply for a failed connection: "not allowed by
// ruleset" for an address the guard refused.
func replyCode(err error) byte {
	var (
		ae  *fetch.AddressError
		dns *net.DNSError
		op  *net.OpError
	)
	switch {
	case errors.As(err, &ae):
		return socksNotAllowed
	case errors.As(err, &dns):
		return socksHostUnreachable
	case errors.As(err, &op) && op.Op == "dial":
		return socksConnectionRefused
	}
	return socksFailure
}
