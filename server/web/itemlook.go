package web

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"

	"vigil"
)

// snippetRunes is the longest snippet of an item shown in a listing.
const snippetRunes = 180

// stripPolicy removes every tag, for snippets in plain text.
var stripPolicy = bluemonday.StrictPolicy()

// snippet returns the start of an item's summary, else its content, as
// plain text with its white space folded, cut at a word near snippetRunes.
func (s *Handlers) snippet(it vigil.Item) string {
	src := it.Summary
	if strings.TrimSpace(src) == "" {
		src = it.Content
	}
	text := strings.Join(strings.Fields(unescapeEntities(stripPolicy.Sanitize(src))), " ")
	if utf8.RuneCountInString(text) <= snippetRunes {
		return text
	}
	cut := []rune(text)[:snippetRunes]
	if i := strings.LastIndexFunc(string(cut), unicode.IsSpace); i > snippetRunes/2 {
		return string(cut)[:i] + " …"
	}
	return string(cut) + "…"
}

// unescapeEntities undoes the escaping the strict policy applies, since
// the template escapes the snippet again.
func unescapeEntities(s string) string {
	return entityReplacer.Replace(s)
}

// entityReplacer maps the entities bluemonday writes back to characters.
var entityReplacer = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&#34;", `"`, "&#39;", "'", "&quot;", `"`, "&nbsp;", " ")

// feedInitial is the icon of a feed: the first letter or digit of its
// name, upper case, or "#" when it has none. vigil draws it rather than
// fetching the site's favicon, so that a page of items makes no request
// to the sites and costs nothing from the fetch budget.
func feedInitial(name string) string {
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return string(unicode.ToUpper(r))
		}
	}
	return "#"
}

// roughDuration writes a duration to the minute (to the second under one
// minute), as "2h30m", "4h", "45m" or "45s".
func roughDuration(d time.Duration) string {
	if d < time.Minute {
		return d.Round(time.Second).String()
	}
	d = d.Round(time.Minute)
	h, m := int(d/time.Hour), int(d%time.Hour/time.Minute)
	switch {
	case h == 0:
		return fmt.Sprintf("%dm", m)
	case m == 0:
		return fmt.Sprintf("%dh", h)
	}
	return fmt.Sprintf("%dh%dm", h, m)
}
