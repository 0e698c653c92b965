package discover

import (
	"context"
	"fmt"
	"strings"
)

// Resolved is the feed to follow for a URL given as a feed's.
type Resolved struct {
	// URL is the feed to follow: the URL given, or the one feed the web
	// page at it advertises.
	URL string
	// FoundOn is the web page the feed was found on, "" when URL is the
	// URL given.
	FoundOn string
	// NotLooked is why the URL given could not be looked at (it is then
	// followed as given and the monitor reads it like any feed); nil when
	// it was.
	NotLooked error
}

// Choice is the answer for a web page that advertises several feeds, or
// none: which feed to follow, or whether to watch the page itself, is the
// person's to choose.
type Choice struct {
	Page  string // the URL given
	Feeds []Feed // the feeds it advertises: none, or two or more
}

// Error says what the page advertises and what may be done.
func (c *Choice) Error() string {
	if len(c.Feeds) == 0 {
		return fmt.Sprintf("%s is a web page that advertises no feed: watch it as a page to be told how it changes", c.Page)
	}
	urls := make([]string, len(c.Feeds))
	for i, f := range c.Feeds {
		urls[i] = f.URL
	}
	return fmt.Sprintf("%s is a web page that advertises %d feeds (%s): follow one of them, or watch the page instead",
		c.Page, len(c.Feeds), strings.Join(urls, ", "))
}

// Resolve tells which feed to follow for rawURL, given as a feed's URL: a
// feed is followed as given; a web page advertising one feed leads to that
// feed; a web page advertising several or none is a *Choice error. A URL
// that cannot be looked at (no answer, the address guard's refusal, an
// error status) is followed as given, NotLooked saying why.
func (f *Finder) Resolve(ctx context.Context, rawURL string) (Resolved, error) {
	res, err := f.Look(ctx, rawURL)
	switch {
	case err != nil:
		return Resolved{URL: rawURL, NotLooked: err}, nil
	case !res.Page:
		return Resolved{URL: rawURL}, nil
	case len(res.Feeds) == 1:
		return Resolved{URL: res.Feeds[0].URL, FoundOn: rawURL}, nil
	}
	return Resolved{}, &Choice{Page: rawURL, Feeds: res.Feeds}
}
