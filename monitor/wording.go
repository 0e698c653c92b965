package monitor

import (
	"errors"
	"io"
	"strings"

	"vigil/fetch"
)

// describe puts a failed fetch in words for the person reading the feed's
// state: what happened, then the innermost cause, without Go's dial
// prefixes or the feed's URL (which the page already shows).
func describe(err error) string {
	var fe *fetch.Error
	if !errors.As(err, &fe) {
		return strings.TrimPrefix(err.Error(), "feed: ")
	}
	cause := innermost(fe.Err)
	switch fe.Kind {
	case fetch.KindForbiddenAddress, fetch.KindRedirect, fetch.KindTooLarge:
		return fe.Err.Error()
	case fetch.KindDNS:
		return "the host name could not be found (" + cause + ")"
	case fetch.KindNetwork:
		if errors.Is(fe.Err, io.ErrUnexpectedEOF) {
			return "the connection ended before the whole answer arrived (" + cause + ")"
		}
		return "could not connect: " + cause
	case fetch.KindTimeout:
		if rendering(fe.Err) {
			return fe.Err.Error()
		}
		return "the server did not answer in time" + timeoutLimit(fe.Err)
	case fetch.KindTLS:
		return "the secure connection failed: " + cause
	case fetch.KindDecode:
		return "the compressed answer could not be decoded: " + cause
	case fetch.KindBadURL:
		return "the URL is not valid: " + cause
	}
	return cause
}

// innermost returns the message of the last error in err's chain, e.g.
// "connection refused" for "dial tcp 10.0.0.1:80: connect: connection refused".
func innermost(err error) string {
	if err == nil {
		return "unknown error"
	}
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err.Error()
		}
		err = next
	}
}

// timeoutLimit names the limit a timeout hit, as fetch words it ("no
// response headers within 10s"), in parentheses, or "" when it names none.
func timeoutLimit(err error) string {
	if err == nil {
		return ""
	}
	limit, _, _ := strings.Cut(err.Error(), ":")
	if !strings.HasPrefix(limit, "no ") || !strings.Contains(limit, " within ") {
		return ""
	}
	return " (" + limit + ")"
}

// renderTimeout begins the words of a render that ran out of time, as
// the Renderer (render.Pool) puts them: "the page did not finish
// rendering within 30s, nor within 1m0s when tried again".
const renderTimeout = "the page did not finish rendering within "

// rendering reports whether a timeout was a render's, whose own words
// say which limits the page missed: the server may well have answered.
func rendering(err error) bool {
	return err != nil && strings.HasPrefix(err.Error(), renderTimeout)
}
