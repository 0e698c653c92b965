package fetch

import (
	"net"
	"time"

	"vigil/clock"
)

// Defaults applied by New to the zero fields of a Config.
const (
	DefaultUserAgent      = "vigil/0.1 (+feed monitor)"
	DefaultMaxBodyBytes   = 10 << 20
	DefaultConnectTimeout = 10 * time.Second
	DefaultTimeout        = 30 * time.Second
	DefaultHeaderTimeout  = 10 * time.Second
	DefaultMaxRedirects   = 5
)

// Config tunes a Client. The zero value is usable: every zero field takes
// its default.
type Config struct {
	// UserAgent is sent on every request; default DefaultUserAgent.
	UserAgent string
	// MaxBodyBytes caps the decompressed body; default 10 MiB.
	MaxBodyBytes int64
	// ConnectTimeout bounds each dial and TLS handshake; default 10s.
	ConnectTimeout time.Duration
	// Timeout bounds the whole exchange, redirects and body included;
	// default 30s.
	Timeout time.Duration
	// HeaderTimeout bounds the wait for the response headers of each
	// request once it is sent (the first byte); default 10s. It is shorter
	// than Timeout so that a server that accepts connections and never
	// answers frees its worker soon, while a slow body may take longer.
	HeaderTimeout time.Duration
	// MaxRedirects is how many redirects one Get follows; 0 means the
	// default 5 and a negative value follows none.
	MaxRedirects int
	// AllowPrivate lifts the refusal of loopback, private, link-local and
	// other non-public addresses (for tests and home labs).
	AllowPrivate bool
	// Resolver looks up the host names dialled; nil is net.DefaultResolver.
	// The address guard judges the address the dial connects to, whatever
	// the resolver answered before; tests point this at a DNS server of
	// their own.
	Resolver *net.Resolver
	// Clock dates the RetryAfter and CacheUntil hints; default clock.Wall.
	// Latency is always measured on the wall clock.
	Clock clock.Clock
}

// withDefaults returns cfg with every zero field set to its default.
func (cfg Config) withDefaults() Config {
	if cfg.UserAgent == "" {
		cfg.UserAgent = DefaultUserAgent
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if cfg.ConnectTimeout <= 0 {
		cfg.ConnectTimeout = DefaultConnectTimeout
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.HeaderTimeout <= 0 {
		cfg.HeaderTimeout = DefaultHeaderTimeout
	}
	if cfg.MaxRedirects == 0 {
		cfg.MaxRedirects = DefaultMaxRedirects
	}
	if cfg.MaxRedirects < 0 {
		cfg.MaxRedirects = 0
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Wall{}
	}
	return cfg
}
