package change

import (
	"net/url"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// anchoredLink is a link of a document as noise learning follows it, once
// found by its anchor text and href skeleton (everything but the query's
// values): the query's values by parameter name.
type anchoredLink struct {
	values url.Values
}

// observeParams counts the query parameters of the links that can be
// followed from old to new (the same anchor text and skeleton, once in
// each version): ParamSeen for each of their parameters, Params for those
// whose value differs. A skeleton that appears more than once (a list of
// "Read more" links) is not followed: its links cannot be paired.
func (s *NoiseStats) observeParams(old, new *Document) {
	a, b := linksBySkeleton(old), linksBySkeleton(new)
	seen, rotated := map[string]bool{}, map[string]bool{}
	for sk, la := range a {
		lb, ok := b[sk]
		if !ok || len(la) != 1 || len(lb) != 1 {
			continue
		}
		for name, va := range la[0].values {
			if TrackerParam(name) {
				continue // left out by the fixed rule: nothing to learn
			}
			seen[name] = true
			if !slices.Equal(va, lb[0].values[name]) {
				rotated[name] = true
			}
		}
	}
	for name := range seen {
		s.ParamSeen = bump(s.ParamSeen, name)
	}
	for name := range rotated {
		s.Params = bump(s.Params, name)
	}
}

// linksBySkeleton lists the links of d that have a query, by anchor text
// and skeleton.
func linksBySkeleton(d *Document) map[string][]anchoredLink {
	out := map[string][]anchoredLink{}
	var (
		href   string
		text   strings.Builder
		inLink bool
	)
	for _, l := range d.Lines {
		switch {
		case l.Kind == StartTag && isLinkTag(l.HTML):
			href, inLink = lineHref(l.HTML), true
			text.Reset()
		case l.Kind == TextLine && inLink:
			text.WriteString(l.Text)
			text.WriteByte(' ')
		case l.Kind == EndTag && inLink && (l.HTML == "</a>" || l.HTML == "</area>"):
			inLink = false
			if k, link, ok := skeletonOf(text.String(), href); ok {
				out[k] = append(out[k], link)
			}
		}
	}
	return out
}

// isLinkTag reports whether a start tag line is an a or area element.
func isLinkTag(tag string) bool {
	return strings.HasPrefix(tag, "<a ") || strings.HasPrefix(tag, "<area ")
}

// lineHref reads the href of a start tag line ("" when none). The line
// is as appendStartTag wrote it: lower-case keys, each value in double
// quotes with its quotes escaped, so the first ` href="` starts the href
// and the next quote ends it (a data-href is preceded by a dash).
func lineHref(tag string) string {
	_, rest, ok := strings.Cut(tag, ` href="`)
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(rest, `"`)
	return html.UnescapeString(v)
}

// skeletonOf returns the key of a link with anchor text and href (the
// text, the href without its fragment and its query's values, and the
// query's names in order), and the link; ok is false for an href without
// a query.
func skeletonOf(text, href string) (string, anchoredLink, bool) {
	target, _, _ := strings.Cut(href, "#")
	path, query, ok := strings.Cut(target, "?")
	if !ok || query == "" {
		return "", anchoredLink{}, false
	}
	values, err := url.ParseQuery(query)
	if err != nil {
		return "", anchoredLink{}, false
	}
	var names []string
	for _, pair := range strings.Split(query, "&") {
		names = append(names, paramName(pair))
	}
	key := strings.Join(strings.Fields(text), " ") + "\x00" + path + "?" + strings.Join(names, "&")
	return key, anchoredLink{values: values}, true
}
