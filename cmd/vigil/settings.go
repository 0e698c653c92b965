package main

import (
	"fmt"
	"math"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"vigil/policy"
)

// setting is one field of config: its flag, its environment variable,
// its default and what a valid value is.
type setting struct {
	name   string // the flag's name, and the setting's in 'vigil config'
	env    string // the environment variable
	def    string // the default, as a flag would take it
	usage  string // the flag's description, when a command gives none
	flag   bool   // whether a flag sets it; if not, only the environment
	secret bool   // 'vigil config' shows whether it is set, never its value
	want   string // what a valid value is, for messages: "a port number (1 to 65535)"
	valid  func(v string) bool
	field  func(c *config) any // the field: *string, *int, *bool or *time.Duration
}

// settings lists every setting in the order 'vigil config' prints them.
var settings = []setting{
	{name: "db", env: "VIGIL_DB", def: "vigil.db", flag: true, want: "a database", valid: anyText,
		usage: "SQLite database `path`, or a postgres:// URL", field: func(c *config) any { return &c.db }},
	{name: "addr", env: "VIGIL_ADDR", def: "127.0.0.1:8080", flag: true, want: "a listen address (host:port)", valid: isListenAddr,
		usage: "listen `address`", field: func(c *config) any { return &c.addr }},
	{name: "metrics-token", env: "VIGIL_METRICS_TOKEN", flag: true, secret: true, want: "a token", valid: anyText,
		usage: "bearer `token` that /metrics requires; empty: /metrics is open", field: func(c *config) any { return &c.metricsToken }},
	{name: "zone", env: "VIGIL_ZONE", def: "UTC", flag: true, want: "a known time zone (e.g. Europe/Paris)", valid: isZone,
		usage: "time `zone` of the pages' days, weeks and months", field: func(c *config) any { return &c.zone }},
	{name: "allow-private", env: "VIGIL_ALLOW_PRIVATE", def: "false", flag: true, want: "a boolean (true, false, 1 or 0)", valid: isBoolText,
		usage: "allow fetching loopback and private addresses", field: func(c *config) any { return &c.allowPrivate }},
	{name: "budget", env: "VIGIL_BUDGET", def: "0", flag: true, want: "a count of fetches per hour (0 for none, or more)", valid: intAtLeast(0),
		usage: "global fetches per hour, 0 for no budget", field: func(c *config) any { return &c.budget }},
	{name: "workers", env: "VIGIL_WORKERS", def: "4", flag: true, want: "a count of 1 or more", valid: intAtLeast(1),
		usage: "concurrent fetches", field: func(c *config) any { return &c.workers }},
	{name: "host-gap", env: "VIGIL_HOST_GAP", def: "2s", flag: true, want: "a duration of 0 or more (e.g. 2s)", valid: durationAtLeast(0),
		usage: "least time between requests to one host", field: func(c *config) any { return &c.hostGap }},
	{name: "policy", env: "VIGIL_POLICY", def: "accrued", flag: true,
		want: "a refresh policy (" + strings.Join(append(policy.LiveNames(), "simple"), ", ") + ")", valid: isLivePolicy,
		usage: "refresh `policy`", field: func(c *config) any { return &c.policy }},
	{name: "no-tracking", env: "VIGIL_NO_TRACKING", def: "false", flag: true, want: "a boolean (true, false, 1 or 0)", valid: isBoolText,
		usage: "accrued: plan by the learned models alone", field: func(c *config) any { return &c.noTracking }},
	{name: "access-prior", env: "VIGIL_ACCESS_PRIOR", def: strconv.FormatFloat(policy.DefaultAccess.Prior, 'g', -1, 64), flag: true, want: "a number of 0 or more (e.g. 30)", valid: floatAtLeast(0),
		usage: "user: pseudo-accesses that shrink each reader's access rate and daily shape toward the population's (0: each reader's own)", field: func(c *config) any { return &c.accessPrior }},
	{name: "access-unread", env: "VIGIL_ACCESS_UNREAD", def: strconv.FormatFloat(policy.DefaultAccess.Unread, 'g', -1, 64), flag: true, want: "a number of 0 or more (e.g. 0.3)", valid: floatAtLeast(0),
		usage: "user: the share of the mean accesses per reader a feed nobody has looked at counts in the split (0: none, only its floors fetch it; 1: an average reader's)", field: func(c *config) any { return &c.accessUnread }},
	{name: "level-prior", env: "VIGIL_LEVEL_PRIOR", def: strconv.FormatFloat(policy.DefaultTracking.LevelPrior, 'g', -1, 64), flag: true, want: "a number of 0 or more (e.g. 3)", valid: floatAtLeast(0),
		usage: "accrued: pseudo-items that shrink each feed's level toward the mean of all feeds' (0: each feed's own)", field: func(c *config) any { return &c.levelPrior }},
	{name: "shape-pool", env: "VIGIL_SHAPE_POOL", def: strconv.FormatBool(policy.DefaultTracking.ShapePool), flag: true, want: "a boolean (true, false, 1 or 0)", valid: isBoolText,
		usage: "user: pull each feed's daily shape toward the mean of all feeds' as far as the spread of their dated shapes says their differences are chance", field: func(c *config) any { return &c.shapePool }},
	{name: "placed-allocation", env: "VIGIL_PLACED_ALLOCATION", def: "true", flag: true, want: "a boolean (true, false, 1 or 0)", valid: isBoolText,
		usage: "user: split the budget by what each feed's fetches cost where they are placed before its readers' hours (false: by sqrt(u·λ), as for evenly spaced fetches)", field: func(c *config) any { return &c.placedAllocation }},
	{name: "access-held-back", env: "VIGIL_ACCESS_HELD_BACK", def: "0s", flag: true, want: "a duration of 0 or more (e.g. 168h)", valid: durationAtLeast(0),
		usage: "user: check each feed's access pattern on its readers' accesses of this last `stretch` and follow it only as far as it predicted them (0: follow every pattern)", field: func(c *config) any { return &c.accessHeldBack }},
	{name: "smtp-host", env: "VIGIL_SMTP_HOST", flag: true, want: "a host name without a port (the port goes in VIGIL_SMTP_PORT)", valid: isHostName,
		usage: "SMTP `host` the daily digests are sent through; none: no e-mail", field: func(c *config) any { return &c.smtpHost }},
	{name: "smtp-port", env: "VIGIL_SMTP_PORT", def: "587", flag: true, want: "a port number (1 to 65535)", valid: intIn(1, 65535),
		usage: "SMTP `port`", field: func(c *config) any { return &c.smtpPort }},
	{name: "smtp-from", env: "VIGIL_SMTP_FROM", flag: true, want: "an e-mail address", valid: isMailAddress,
		usage: "sender `address` of the digests", field: func(c *config) any { return &c.smtpFrom }},
	{name: "smtp-user", env: "VIGIL_SMTP_USER", flag: true, want: "a user name", valid: anyText,
		usage: "SMTP user `name`; the password comes from env VIGIL_SMTP_PASSWORD", field: func(c *config) any { return &c.smtpUser }},
	{name: "smtp-password", env: "VIGIL_SMTP_PASSWORD", secret: true, want: "a password", valid: anyText,
		usage: "SMTP password (environment only)", field: func(c *config) any { return &c.smtpPassword }},
	{name: "base-url", env: "VIGIL_BASE_URL", flag: true, want: "an absolute http or https URL", valid: isHTTPURL,
		usage: "public `URL` of this server, for links in digests and alerts", field: func(c *config) any { return &c.baseURL }},
	{name: "trusted-proxies", env: "VIGIL_TRUSTED_PROXIES", flag: true,
		want: "comma-separated addresses or CIDR prefixes (e.g. 127.0.0.1,10.0.0.0/8)", valid: isProxyList,
		usage: "reverse `proxies` (addresses or CIDR prefixes, comma-separated) whose X-Forwarded-For or Forwarded header names the client, for the failed-login limit",
		field: func(c *config) any { return &c.trustedProxies }},
	{name: "public-url", env: "VIGIL_PUBLIC_URL", flag: true, want: "an absolute http or https URL", valid: isHTTPURL,
		usage: "`URL` at which WebSub hubs reach this server; set: feeds that advertise a hub are subscribed to it",
		field: func(c *config) any { return &c.publicURL }},
	{name: "push-verify", env: "VIGIL_PUSH_VERIFY", def: "6h", flag: true, want: "a duration of 1m or more (e.g. 6h)", valid: durationAtLeast(time.Minute),
		usage: "shortest time between the verification polls of a feed its WebSub hub feeds", field: func(c *config) any { return &c.pushVerify }},
	{name: "push-verify-multiple", env: "VIGIL_PUSH_VERIFY_MULTIPLE", def: "4", flag: true, want: "a number of 1 or more (e.g. 2)", valid: floatAtLeast(1),
		usage: "a feed its WebSub hub feeds is polled no more often than this many times the interval its policy would give it unfed",
		field: func(c *config) any { return &c.pushVerifyMultiple }},
}

// settingNamed returns the setting called name; a name missing from the
// table is a mistake in the code.
func settingNamed(name string) setting {
	for _, s := range settings {
		if s.name == name {
			return s
		}
	}
	panic(fmt.Sprintf("config: no setting %q", name))
}

func anyText(string) bool { return true }

func isProxyList(v string) bool {
	_, err := parseProxies(v)
	return err == nil
}

// parseProxies reads a comma-separated list of addresses (a host each) and
// CIDR prefixes; an empty list trusts no proxy.
func parseProxies(v string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for item := range strings.SplitSeq(v, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if ip, err := netip.ParseAddr(item); err == nil {
			out = append(out, netip.PrefixFrom(ip.Unmap(), ip.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(item)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a CIDR prefix", item)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

func isBoolText(v string) bool {
	_, err := strconv.ParseBool(v)
	return err == nil
}

// intAtLeast accepts a whole number of at least lo.
func intAtLeast(lo int) func(string) bool {
	return func(v string) bool {
		n, err := strconv.Atoi(v)
		return err == nil && n >= lo
	}
}

// intIn accepts a whole number from lo to hi.
func intIn(lo, hi int) func(string) bool {
	return func(v string) bool {
		n, err := strconv.Atoi(v)
		return err == nil && n >= lo && n <= hi
	}
}

// floatAtLeast accepts a finite number of at least lo.
func floatAtLeast(lo float64) func(string) bool {
	return func(v string) bool {
		x, err := strconv.ParseFloat(v, 64)
		return err == nil && x >= lo && !math.IsInf(x, 0)
	}
}

// durationAtLeast accepts a duration of at least lo.
func durationAtLeast(lo time.Duration) func(string) bool {
	return func(v string) bool {
		d, err := time.ParseDuration(v)
		return err == nil && d >= lo
	}
}

func isZone(v string) bool {
	_, err := time.LoadLocation(v)
	return err == nil
}

func isLivePolicy(v string) bool { return v == "simple" || slices.Contains(policy.LiveNames(), v) }

// isListenAddr accepts host:port, the host possibly empty (every
// interface), the port a number (0: any free one) or a service name.
func isListenAddr(v string) bool {
	_, port, err := net.SplitHostPort(v)
	if err != nil {
		return false
	}
	if n, err := strconv.Atoi(port); err == nil {
		return n >= 0 && n <= 65535
	}
	_, err = net.LookupPort("tcp", port) // a service name, e.g. http
	return err == nil
}

// isHostName accepts a host name or IP address without a port.
func isHostName(v string) bool {
	if strings.ContainsAny(v, " \t\r\n/@") {
		return false
	}
	_, _, err := net.SplitHostPort(v)
	return err != nil // it had a port
}

func isMailAddress(v string) bool {
	_, err := mail.ParseAddress(v)
	return err == nil
}

func isHTTPURL(v string) bool {
	u, err := url.Parse(v)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
