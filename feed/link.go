package feed

import (
	"net/url"
	"strings"
)

// resolveLink returns ref resolved against base when ref is relative and
// base is an absolute http(s) URL; otherwise ref unchanged (trimmed). gofeed has
// already applied any xml:base in scope.
func resolveLink(base, ref string) string {
	ref = strings.TrimSpace(ref)
	if ref == "" || base == "" {
		return ref
	}
	r, err := url.Parse(ref)
	if err != nil || r.IsAbs() {
		return ref
	}
	b, err := url.Parse(base)
	if err != nil || (b.Scheme != "http" && b.Scheme != "https") {
		return ref
	}
	return b.ResolveReference(r).String()
}

// linkBase returns the base for item links: the feed's own link when it
// is an absolute http(s) URL, else the URL the feed was fetched from.
func linkBase(siteURL, fetchedFrom string) string {
	if u, err := url.Parse(siteURL); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		return siteURL
	}
	return fetchedFrom
}

// webLink resolves ref like resolveLink and keeps it only when the result is
// an absolute http(s) URL: a link is something a reader will open, and a
// javascript:, data: or file: link from a hostile feed must never reach an
// API client or a page.
func webLink(base, ref string) string {
	l := resolveLink(base, ref)
	u, err := url.Parse(l)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return l
}
