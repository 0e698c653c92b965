package change

import (
	"net/url"
	"strings"
)

// linkTarget is the document a link points to: its href without the
// fragment, and without the query parameters the extractor leaves out
// (well-known trackers when ExtractOptions.Trackers is set, and the
// parameters learned to rotate, ExtractOptions.NoiseParams). The fragment
// names a place inside the document and never reaches the server, so two
// links that differ only there point to the same document; pages that
// obfuscate e-mail addresses rewrite the fragment at every serve (a link
// to /cdn-cgi/l/email-protection#a1b2... whose text stays "[email
// protected]"), which would otherwise be a link removed and a link added
// at every fetch.
func (x *extractor) linkTarget(href string) string {
	target, _, _ := strings.Cut(href, "#")
	if !x.trackers && len(x.params) == 0 {
		return target
	}
	path, query, ok := strings.Cut(target, "?")
	if x.trackers {
		path = withoutSessionPath(path)
	}
	if !ok {
		return path
	}
	kept := make([]string, 0, strings.Count(query, "&")+1)
	for _, pair := range strings.Split(query, "&") {
		if pair != "" && !x.dropsParam(paramName(pair)) {
			kept = append(kept, pair)
		}
	}
	if len(kept) == 0 {
		return path
	}
	return path + "?" + strings.Join(kept, "&")
}

// dropsParam reports whether the query parameter name is left out of
// link targets.
func (x *extractor) dropsParam(name string) bool {
	return (x.trackers && TrackerParam(name)) || x.params[name]
}

// paramName returns the unescaped name of a query's name=value pair (the
// pair as written when its name cannot be unescaped).
func paramName(pair string) string {
	name, _, _ := strings.Cut(pair, "=")
	if n, err := url.QueryUnescape(name); err == nil {
		return n
	}
	return name
}

// trackerNames are query parameters that ad and mail platforms append to
// a link to follow the click, never to choose the document: Google's and
// Matomo's campaign tags are the utm_ and mtm_ prefixes (TrackerParam),
// these the click identifiers of Facebook, Google, Microsoft, Yandex,
// Instagram, Mailchimp, HubSpot and Marketo, and the session identifiers
// of PHP and Java servlets.
var trackerNames = map[string]bool{
	"fbclid": true, "gclid": true, "dclid": true, "gbraid": true, "wbraid": true,
	"msclkid": true, "yclid": true, "igshid": true, "mc_cid": true, "mc_eid": true,
	"_hsenc": true, "_hsmi": true, "mkt_tok": true, "_ga": true, "_gl": true,
	"phpsessid": true, "jsessionid": true,
}

// TrackerParam reports whether a query parameter is a well-known tracker
// left out of link targets whatever was learned (the fixed rule of noise
// learning): utm_* and mtm_* campaign tags, the click identifiers of the
// large ad and mail platforms and servlet session identifiers, letter
// case ignored. Every other parameter is left out only once it has been
// seen rotating (NoiseStats).
func TrackerParam(name string) bool {
	name = strings.ToLower(name)
	return strings.HasPrefix(name, "utm_") || strings.HasPrefix(name, "mtm_") || trackerNames[name]
}

// withoutSessionPath removes a ";jsessionid=..." path parameter, the
// servlet session identifier some servers write into the path.
func withoutSessionPath(path string) string {
	i := strings.Index(strings.ToLower(path), ";jsessionid=")
	if i < 0 {
		return path
	}
	return path[:i]
}
