package fetch

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// retryAfter reads Retry-After, given as delta-seconds or an HTTP-date,
// relative to now. It returns the zero time when the header is absent or
// malformed.
func retryAfter(h http.Header, now time.Time) time.Time {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return time.Time{}
	}
	if secs, ok := deltaSeconds(v); ok {
		return now.Add(secs)
	}
	if t, err := http.ParseTime(v); err == nil {
		return t
	}
	return time.Time{}
}

// cacheUntil reads how long the response may be reused: Cache-Control
// max-age (less Age) when present, else Expires. no-store and no-cache
// mean no reuse and give the zero time, as do absent or malformed headers.
func cacheUntil(h http.Header, now time.Time) time.Time {
	directives := cacheControl(h)
	if _, ok := directives["no-store"]; ok {
		return time.Time{}
	}
	if _, ok := directives["no-cache"]; ok {
		return time.Time{}
	}
	if maxAge, ok := deltaSeconds(directives["max-age"]); ok {
		age, _ := deltaSeconds(strings.TrimSpace(h.Get("Age")))
		return now.Add(maxAge - age)
	}
	if t, err := http.ParseTime(strings.TrimSpace(h.Get("Expires"))); err == nil {
		return t
	}
	return time.Time{}
}

// cacheControl parses every Cache-Control line into lower-cased directive
// names and their unquoted values.
func cacheControl(h http.Header) map[string]string {
	out := map[string]string{}
	for _, line := range h.Values("Cache-Control") {
		for _, part := range strings.Split(line, ",") {
			name, value, _ := strings.Cut(strings.TrimSpace(part), "=")
			name = strings.ToLower(strings.TrimSpace(name))
			if name == "" {
				continue
			}
			if _, seen := out[name]; !seen {
				out[name] = strings.Trim(strings.TrimSpace(value), `"`)
			}
		}
	}
	return out
}

// deltaSeconds parses a non-negative whole number of seconds. Values too
// large for a time.Duration are held at about 68 years.
func deltaSeconds(v string) (time.Duration, bool) {
	if v == "" || strings.TrimLeft(v, "0123456789") != "" {
		return 0, false
	}
	secs, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		secs = 1<<31 - 1
	}
	return time.Duration(secs) * time.Second, true
}
