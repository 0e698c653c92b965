package fetch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
)

// ErrorKind says why a Get brought back no usable HTTP response.
type ErrorKind int

// The kinds of Error.
const (
	KindUnknown          ErrorKind = iota
	KindBadURL                     // the URL is malformed or not http/https
	KindForbiddenAddress           // the host resolved to a refused address
	KindDNS                        // the host name could not be resolved
	KindNetwork                    // connecting or reading failed
	KindTimeout                    // ConnectTimeout or Timeout ran out
	KindTooLarge                   // the decompressed body exceeds MaxBodyBytes
	KindRedirect                   // too many redirects, a loop, or a bad target
	KindTLS                        // the TLS handshake or certificate failed
	KindDecode                     // the Content-Encoding could not be decoded
	KindCanceled                   // the caller's context was canceled
)

var kindNames = map[ErrorKind]string{
	KindUnknown:          "unknown",
	KindBadURL:           "bad URL",
	KindForbiddenAddress: "forbidden address",
	KindDNS:              "DNS",
	KindNetwork:          "network",
	KindTimeout:          "timeout",
	KindTooLarge:         "too large",
	KindRedirect:         "redirect",
	KindTLS:              "TLS",
	KindDecode:           "decode",
	KindCanceled:         "canceled",
}

// String names the kind in a few lowercase words.
func (k ErrorKind) String() string {
	if name, ok := kindNames[k]; ok {
		return name
	}
	return fmt.Sprintf("ErrorKind(%d)", int(k))
}

// Error is what Get returns when no usable HTTP response came.
type Error struct {
	Kind ErrorKind
	URL  string // the URL being fetched when the failure happened, its user information redacted (see RedactURL)
	Err  error  // the cause
}

// Error reads "fetch: URL: cause".
func (e *Error) Error() string {
	cause := e.Kind.String()
	if e.Err != nil {
		cause = e.Err.Error()
	}
	return "fetch: " + e.URL + ": " + cause
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// errTooLarge is the cause of a KindTooLarge error.
type errTooLarge struct{ limit int64 }

func (e errTooLarge) Error() string {
	return fmt.Sprintf("body exceeds the limit of %d bytes", e.limit)
}

// errDecode is the cause of a KindDecode error.
type errDecode struct {
	encoding string
	err      error
}

func (e errDecode) Error() string {
	return fmt.Sprintf("cannot decode %q content encoding: %v", e.encoding, e.err)
}

func (e errDecode) Unwrap() error { return e.err }

// classify turns a transport or body error into an *Error for rawURL.
// parent is the caller's context, before the Timeout was added to it.
func classify(rawURL string, err error, parent context.Context) *Error {
	var fe *Error
	if errors.As(err, &fe) {
		return fe
	}
	err = withoutURL(err)
	return &Error{Kind: kindOf(err, parent), URL: RedactURL(rawURL), Err: causeOf(err)}
}

// withoutURL unwraps a *url.Error to its cause: its message repeats the
// URL, credentials and all, which the *Error already names redacted.
func withoutURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// causeOf unwraps a refused address to its AddressError, so the message
// names the address without the dial noise around it.
func causeOf(err error) error {
	var ae *AddressError
	if errors.As(err, &ae) {
		return ae
	}
	return err
}

// kindOf picks the ErrorKind of err. parent is the caller's context: when
// it is done, the failure is the caller's, not the server's.
func kindOf(err error, parent context.Context) ErrorKind {
	var (
		ae   *AddressError
		tl   errTooLarge
		de   errDecode
		dns  *net.DNSError
		nerr net.Error
	)
	switch {
	case errors.As(err, &ae):
		return KindForbiddenAddress
	case errors.As(err, &tl):
		return KindTooLarge
	case errors.As(err, &de):
		return KindDecode
	case errors.Is(parent.Err(), context.Canceled):
		return KindCanceled
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &nerr) && nerr.Timeout():
		return KindTimeout
	case errors.As(err, &dns):
		return KindDNS
	case isTLS(err):
		return KindTLS
	}
	return KindNetwork
}

// isTLS reports whether err came from the TLS handshake or certificate check.
func isTLS(err error) bool {
	var (
		rec   tls.RecordHeaderError
		alert tls.AlertError
		verr  *tls.CertificateVerificationError
		unk   x509.UnknownAuthorityError
		host  x509.HostnameError
		inv   x509.CertificateInvalidError
	)
	return errors.As(err, &rec) || errors.As(err, &alert) || errors.As(err, &verr) ||
		errors.As(err, &unk) || errors.As(err, &host) || errors.As(err, &inv)
}
