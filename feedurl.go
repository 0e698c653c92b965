package vigil

import (
	"net/url"
	"strings"
)

// MaxURLLength bounds the length of a feed URL.
const MaxURLLength = 2048

// NormalizeFeedURL checks that raw is an absolute http or https URL with a
// host and returns its canonical form, so that one feed followed by many
// users is stored (and fetched) once: lower-case scheme and host, no default
// port, no fragment, and "/" for an empty path. Errors are EINVALID.
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
		return "", Errorf(EINVALID, "url %q is not a valid URL", raw)
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", Errorf(EINVALID, "url %q must be an absolute http or https URL", raw)
	}
	if u.Hostname() == "" {
		return "", Errorf(EINVALID, "url %q has no host", raw)
	}
	u.Host = strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(u.Host), defaultPort[u.Scheme]), ":")
	u.Fragment, u.RawFragment = "", ""
	if u.Path == "" {
		u.Path = "/"
	}
	return u.String(), nil
}

var defaultPort = map[string]string{"http": ":80", "https": ":443"}
