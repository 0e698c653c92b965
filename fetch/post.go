package fetch

import (
	"net/http"
)

// NewPostClient returns an HTTP client for sending to URLs that users gave
// (digest webhooks) under the same safety as fetches: no proxy from the
// environment, non-public addresses refused unless AllowPrivate (checked
// when dialling), the Timeout on the whole exchange, and no redirect
// followed (a POST is never replayed elsewhere).
func NewPostClient(cfg Config) *http.Client {
	cfg = cfg.withDefaults()
	return &http.Client{
		Transport:     newTransport(cfg),
		Timeout:       cfg.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// NewSendTransport returns a transport for sending to URLs that users gave
// through libraries that build their own requests (notification services):
// the same address guard, connect and header timeouts as fetches, and no
// proxy from the environment.
func NewSendTransport(cfg Config) *http.Transport {
	return newTransport(cfg.withDefaults())
}
