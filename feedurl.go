package vigil

import (
	"errors"
	"net"
	"net/url"
	"strconv"
	"strings"
	"unicode"
)

// MaxURLLength bounds the length of a feed URL.
const MaxURLLength = 2048

// NormalizeFeedURL checks that raw is an absolute http or https URL with a
// valid host and port and returns its canonical form, so that one feed
// followed by many users is stored (and fetched) once: lower-case scheme
// and host, no default port, no fragment, no "." or ".." path segments
// (RFC 3986 §5.2.4), and "/" for an empty path.
// Errors are EINVALID and say what is wrong with the URL.
func NormalizeFeedURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", Errorf(EINVALID, "url is required")
	}
	if len(raw) > MaxURLLength {
		return "", Errorf(EINVALID, "url is longer than %d characters", MaxURLLength)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", Errorf(EINVALID, "url %q is not a valid URL: %s", raw, parseFault(err))
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", Errorf(EINVALID, "url %q must be an absolute http or https URL", raw)
	}
	if u.Hostname() == "" {
		return "", Errorf(EINVALID, "url %q has no host", raw)
	}
	if err := checkPort(u.Port()); err != nil {
		return "", Errorf(EINVALID, "url %q has %s", raw, err)
	}
	if err := checkHost(u.Hostname()); err != nil {
		return "", Errorf(EINVALID, "url %q has %s", raw, err)
	}
	u.Host = strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(u.Host), defaultPort[u.Scheme]), ":")
	u.Fragment, u.RawFragment = "", ""
	if hasDotSegment(u.EscapedPath()) {
		// Resolving the URL against itself removes the dot segments
		// (RFC 3986 §5.2.4) and keeps the rest: "..././feed" is the
		// feed at ".../feed", and must not be followed twice.
		u = u.ResolveReference(u)
	}
	if u.Path == "" {
		u.Path = "/"
	}
	// Dropping the fragment can leave white space at the end (a query
	// "? " before "#"), which TrimSpace would drop on the next call: trim
	// it here too, so that a normalised URL normalises to itself.
	out := strings.TrimSpace(u.String())
	if len(out) > MaxURLLength {
		// Escaping can lengthen a URL past the limit the next call checks.
		return "", Errorf(EINVALID, "url is longer than %d characters once escaped", MaxURLLength)
	}
	return out, nil
}

var defaultPort = map[string]string{"http": ":80", "https": ":443"}

// hasDotSegment tells whether an escaped URL path holds a "." or ".."
// segment.
func hasDotSegment(path string) bool {
	for seg := range strings.SplitSeq(path, "/") {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// parseFault returns what url.Parse found wrong, without the "parse URL:"
// wrapper that repeats the URL.
func parseFault(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}

// checkPort refuses a port that is not a number from 1 to 65535; an empty
// port (none, or a bare ":") is the scheme's default.
func checkPort(port string) error {
	if port == "" {
		return nil
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return errors.New("an invalid port " + strconv.Quote(port) + ": a port is a number from 1 to 65535")
	}
	return nil
}

// checkHost refuses a host name that no DNS name or IP address can be: an
// empty label ("a..b", ".a"), a label longer than 63 bytes, a name longer
// than 253, or a character other than a letter, digit, '-' or '_' (names
// in other scripts are letters, for internationalised domain names). IP
// literals, bracketed IPv6 included, are accepted as url.Parse read them.
func checkHost(host string) error {
	if net.ParseIP(host) != nil {
		return nil
	}
	name := strings.TrimSuffix(host, ".")
	if len(name) > 253 {
		return errors.New("a host name longer than 253 characters")
	}
	for _, label := range strings.Split(name, ".") {
		if err := checkLabel(label); err != nil {
			return err
		}
	}
	return nil
}

// checkLabel checks one dot-separated label of a host name.
func checkLabel(label string) error {
	switch {
	case label == "":
		return errors.New("an empty label in its host name (two dots in a row, or a leading dot)")
	case len(label) > 63:
		return errors.New("a host name label longer than 63 characters")
	}
	for _, r := range label {
		if r != '-' && r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return errors.New("the character " + strconv.QuoteRune(r) + " in its host name")
		}
	}
	return nil
}
