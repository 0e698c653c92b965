package websub

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/net/html"
)

// Links are a resource's WebSub links: its hubs, in the order found, and
// its topic URL (rel=self).
type Links struct {
	Hubs []string
	Self string
}

// Discover finds the hubs and the topic URL a resource advertises, as the
// Recommendation's discovery section says: HTTP Link headers first; when
// they name no hub, the <link> elements of the document (atom:link or
// link in Atom and RSS, link in HTML). Relative URLs resolve against base,
// the URL the resource was fetched from; only http and https URLs are
// kept. Self stays "" when the resource names none.
func Discover(h http.Header, body []byte, base string) Links {
	l := fromHeaders(h, base)
	if len(l.Hubs) > 0 {
		return l
	}
	d := fromDocument(body, base)
	if l.Self == "" {
		l.Self = d.Self
	}
	l.Hubs = d.Hubs
	return l
}

// fromHeaders reads the Link headers (RFC 8288).
func fromHeaders(h http.Header, base string) Links {
	var l Links
	for _, v := range h.Values("Link") {
		for _, link := range splitOutsideQuotes(v, ',') {
			target, rels, ok := parseLink(link)
			if ok {
				l.add(rels, target, base)
			}
		}
	}
	return l
}

// parseLink reads one link-value: <target>; rel="a b"; other params.
func parseLink(v string) (target string, rels []string, ok bool) {
	v = strings.TrimSpace(v)
	end := strings.IndexByte(v, '>')
	if !strings.HasPrefix(v, "<") || end < 0 {
		return "", nil, false
	}
	target = v[1:end]
	for _, param := range splitOutsideQuotes(v[end+1:], ';') {
		name, value, found := strings.Cut(strings.TrimSpace(param), "=")
		if found && strings.EqualFold(strings.TrimSpace(name), "rel") {
			rels = strings.Fields(strings.Trim(strings.TrimSpace(value), `"`))
		}
	}
	return target, rels, true
}

// splitOutsideQuotes splits s at every sep that is not inside double
// quotes or angle brackets.
func splitOutsideQuotes(s string, sep byte) []string {
	var parts []string
	quoted, bracketed, start := false, false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' && !bracketed:
			quoted = !quoted
		case c == '<' && !quoted:
			bracketed = true
		case c == '>' && !quoted:
			bracketed = false
		case c == sep && !quoted && !bracketed:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// fromDocument reads the <link rel=... href=...> elements of an XML or
// HTML document, whatever their namespace prefix (atom:link).
func fromDocument(body []byte, base string) Links {
	var l Links
	z := html.NewTokenizer(bytes.NewReader(body))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return l
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if !hasAttr || !isLinkElement(string(name)) {
				continue
			}
			rel, href := linkAttributes(z)
			l.add(strings.Fields(rel), href, base)
		}
	}
}

// isLinkElement reports whether a tag name is link, in any namespace.
func isLinkElement(name string) bool {
	_, local, found := strings.Cut(name, ":")
	if !found {
		local = name
	}
	return strings.EqualFold(local, "link")
}

// linkAttributes returns the rel and href attributes of the current tag.
func linkAttributes(z *html.Tokenizer) (rel, href string) {
	for {
		k, v, more := z.TagAttr()
		switch strings.ToLower(string(k)) {
		case "rel":
			rel = string(v)
		case "href":
			href = string(v)
		}
		if !more {
			return rel, href
		}
	}
}

// add records target under each of rels that is hub or self.
func (l *Links) add(rels []string, target, base string) {
	for _, rel := range rels {
		switch strings.ToLower(rel) {
		case "hub":
			if u := resolve(target, base); u != "" && !contains(l.Hubs, u) {
				l.Hubs = append(l.Hubs, u)
			}
		case "self":
			if u := resolve(target, base); u != "" && l.Self == "" {
				l.Self = u
			}
		}
	}
}

// resolve returns ref resolved against base when it is an http or https
// URL, else "".
func resolve(ref, base string) string {
	r, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return ""
	}
	if b, err := url.Parse(base); err == nil {
		r = b.ResolveReference(r)
	}
	if (r.Scheme != "http" && r.Scheme != "https") || r.Host == "" {
		return ""
	}
	r.Fragment = ""
	return r.String()
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
