package vigil

import (
	"net/url"
	"slices"
	"strings"
)

// channelHosts says, for each notification service, whether the host part
// of its channel URL names a server (true: it may be shown) or holds a key
// or an identifier (false), after the URL layouts shoutrrr documents for
// each service. http and https stand for the request URLs that services'
// errors quote. A scheme not listed here is hidden whole: a layout that is
// not known is never guessed at.
var channelHosts = map[string]bool{
	"http": true, "https": true,
	"bark":       true,  // bark://:devicekey@host/path
	"discord":    false, // discord://token@webhookid
	"generic":    true,  // generic+https://host/path?query
	"googlechat": true,  // googlechat://chat.googleapis.com/v1/spaces/…?key=…&token=…
	"gotify":     true,  // gotify://host/token
	"hangouts":   true,  // the old name of googlechat
	"ifttt":      false, // ifttt://webhookid/?events=…
	"join":       false, // join://shoutrrr:apikey@join/?devices=…
	"lark":       true,  // lark://host/token?secret=…
	"matrix":     true,  // matrix://user:password@host/?rooms=…
	"mattermost": true,  // mattermost://user@host/token/channel
	"notifiarr":  false, // notifiarr://apikey
	"ntfy":       true,  // ntfy://user:password@host/topic
	"opsgenie":   true,  // opsgenie://host/apikey
	"pagerduty":  true,  // pagerduty://host/integrationkey
	"pushbullet": false, // pushbullet://token/targets
	"pushover":   false, // pushover://shoutrrr:token@userkey/
	"rocketchat": true,  // rocketchat://user@host/token/channel
	"signal":     true,  // signal://user:password@host:port/source/recipients
	"slack":      false, // slack://tokena/tokenb/tokenc or slack://xoxb:token@channel
	"teams":      false, // teams://group@tenant/altid/groupowner?host=…
	"telegram":   false, // telegram://token@telegram?chats=…
	"wecom":      false, // wecom://key
	"zulip":      true,  // zulip://botmail:botkey@host/?stream=…
}

// hostShown reports whether a URL of scheme may show its host: the
// service (the part before a "+", as in generic+https) names a server
// there.
func hostShown(scheme string) bool {
	service, _, _ := strings.Cut(strings.ToLower(scheme), "+")
	return channelHosts[service]
}

// minSecret is the shortest part of a channel URL that HideSecrets hides
// in a text: shorter ones ("1", "on") would blank out words while a
// secret that short protects nothing.
const minSecret = 3

// HideSecrets returns text with every part of the channel URL raw that
// HideURL does not show (user name, password, a key in the host, path
// segments, query values, fragment), as written and as decoded, replaced
// by "…": for errors and logs of a send to raw, which services fill with
// pieces of their URL in any form. It does not look for URLs in text;
// notify.Redact does.
func HideSecrets(raw, text string) string {
	for _, s := range channelSecrets(raw) {
		text = strings.ReplaceAll(text, s, "…")
	}
	return text
}

// channelSecrets lists the hidden parts of raw, longest first, so that a
// part containing another is hidden whole. A URL that does not parse is
// hidden by its pieces between separators.
func channelSecrets(raw string) []string {
	raw = strings.TrimSpace(raw)
	var parts []string
	if u, err := url.Parse(raw); err == nil && u.Scheme != "" {
		parts = urlSecrets(u)
	}
	_, rest, _ := strings.Cut(raw, "://")
	parts = append(parts, strings.FieldsFunc(rest, isURLSeparator)...)
	parts = append(parts, tokenPieces(parts)...)
	var out []string
	for _, p := range parts {
		for _, v := range []string{p, unescaped(p)} {
			if len(v) >= minSecret && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return len(b) - len(a) })
	return without(out, shownParts(raw))
}

// urlSecrets lists the parts of a parsed channel URL that may hold a
// secret.
func urlSecrets(u *url.URL) []string {
	var parts []string
	if u.User != nil {
		pass, _ := u.User.Password()
		parts = append(parts, u.User.Username(), pass, u.User.String())
	}
	if !hostShown(u.Scheme) {
		parts = append(parts, u.Host, u.Hostname())
	}
	parts = append(parts, u.Opaque, u.Fragment, u.RawFragment, u.RawQuery, u.EscapedPath())
	parts = append(parts, strings.Split(u.Path, "/")...)
	parts = append(parts, strings.Split(u.EscapedPath(), "/")...)
	for _, vs := range u.Query() {
		parts = append(parts, vs...)
	}
	return parts
}

// minPiece is the shortest piece of a hyphenated secret that HideSecrets
// hides on its own: services split tokens at hyphens (slack's three
// parts) and quote the pieces, while short pieces are mostly words.
const minPiece = 6

// tokenPieces lists the pieces of parts between hyphens that are long
// enough to be a secret's part.
func tokenPieces(parts []string) []string {
	var out []string
	for _, p := range parts {
		for _, piece := range strings.Split(p, "-") {
			if len(piece) >= minPiece && piece != p {
				out = append(out, piece)
			}
		}
	}
	return out
}

// isURLSeparator reports whether r separates the pieces of a URL.
func isURLSeparator(r rune) bool {
	return strings.ContainsRune(":/@?&=#;,+", r)
}

// unescaped is s with its %-escapes decoded, or s where it has none that
// decode.
func unescaped(s string) string {
	if v, err := url.QueryUnescape(s); err == nil {
		return v
	}
	return s
}

// shownParts lists what HideURL shows of raw (its scheme, and its host
// where shown), which is never hidden again.
func shownParts(raw string) []string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil
	}
	shown := []string{u.Scheme}
	if service, _, ok := strings.Cut(u.Scheme, "+"); ok {
		shown = append(shown, service, strings.TrimPrefix(u.Scheme, service+"+"))
	}
	if hostShown(u.Scheme) {
		shown = append(shown, u.Host, u.Hostname(), u.Port())
	}
	return shown
}

// without returns list less the items in drop.
func without(list, drop []string) []string {
	return slices.DeleteFunc(list, func(s string) bool { return slices.Contains(drop, s) })
}
