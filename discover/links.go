package discover

import (
	"bytes"
	"mime"
	"net/url"
	"strings"

	"golang.org/x/net/html"
)

// Feed is one feed a page advertises.
type Feed struct {
	URL   string `json:"url"`             // absolute http or https URL
	Title string `json:"title,omitempty"` // the link's title attribute, if any
	Type  string `json:"type"`            // application/rss+xml, application/atom+xml or application/feed+json
}

// feedTypes are the media types of an alternate link that names a feed.
var feedTypes = map[string]bool{
	"application/rss+xml":   true,
	"application/atom+xml":  true,
	"application/feed+json": true,
}

// Links returns the feeds an HTML document advertises, in document order
// and each URL once: its <link> elements whose rel holds "alternate" and
// whose type is a feed's. Relative hrefs resolve against the document's
// <base href>, itself resolved against pageURL, the URL the document was
// fetched from; only http and https URLs are kept.
func Links(doc []byte, pageURL string) []Feed {
	base, err := url.Parse(pageURL)
	if err != nil {
		return nil
	}
	var out []Feed
	seen := map[string]bool{}
	z := html.NewTokenizer(bytes.NewReader(doc))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if !hasAttr {
				continue
			}
			attrs := attributes(z)
			switch string(name) {
			case "base":
				base = rebase(base, attrs["href"])
			case "link":
				if f, ok := feedLink(attrs, base); ok && !seen[f.URL] {
					seen[f.URL] = true
					out = append(out, f)
				}
			}
		}
	}
}

// attributes returns the current tag's attributes by lower-case name, the
// first of each name.
func attributes(z *html.Tokenizer) map[string]string {
	out := map[string]string{}
	for {
		k, v, more := z.TagAttr()
		if _, dup := out[string(k)]; !dup {
			out[string(k)] = string(v)
		}
		if !more {
			return out
		}
	}
}

// rebase returns the URL a <base href> sets, base when it sets none usable.
func rebase(base *url.URL, href string) *url.URL {
	ref, err := url.Parse(strings.TrimSpace(href))
	if href == "" || err != nil {
		return base
	}
	return base.ResolveReference(ref)
}

// feedLink reads a <link> element's attributes as an advertised feed.
func feedLink(attrs map[string]string, base *url.URL) (Feed, bool) {
	if !hasToken(attrs["rel"], "alternate") {
		return Feed{}, false
	}
	mt, _, err := mime.ParseMediaType(attrs["type"])
	if err != nil || !feedTypes[strings.ToLower(mt)] {
		return Feed{}, false
	}
	href := strings.TrimSpace(attrs["href"])
	ref, err := url.Parse(href)
	if href == "" || err != nil {
		return Feed{}, false
	}
	u := base.ResolveReference(ref)
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return Feed{}, false
	}
	u.Fragment = ""
	return Feed{URL: u.String(), Title: strings.Join(strings.Fields(attrs["title"]), " "), Type: strings.ToLower(mt)}, true
}

// hasToken reports whether a space-separated list holds word, case
// ignored.
func hasToken(list, word string) bool {
	for _, t := range strings.Fields(list) {
		if strings.EqualFold(t, word) {
			return true
		}
	}
	return false
}
