package fetch

import "strings"

// redactedUserinfo stands in for a URL's user name and password.
const redactedUserinfo = "xxxxx"

// RedactURL returns raw with its user information (user name and password,
// as in http://user:pw@host/) replaced by xxxxx, for error messages, logs
// and pages; a URL without any is returned unchanged. It works on the
// text, so that a URL too malformed to parse is redacted all the same.
func RedactURL(raw string) string {
	scheme := strings.Index(raw, "://")
	if scheme < 0 {
		return raw
	}
	start := scheme + len("://")
	rest := raw[start:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	at := strings.LastIndex(rest[:end], "@")
	if at < 0 {
		return raw
	}
	return raw[:start] + redactedUserinfo + rest[at:]
}
