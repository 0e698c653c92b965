package discover

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"vigil/feed"
	"vigil/fetch"
)

// Finder looks at URLs for the feeds they advertise.
type Finder struct {
	// Client fetches the pages; its address guard, size cap and timeouts
	// are the Finder's.
	Client *fetch.Client
}

// Result is what a look at a URL found.
type Result struct {
	// URL is where the answer came from, after redirects.
	URL string
	// Page is set when the answer is an HTML page that is not a feed.
	Page bool
	// Feeds are the feeds the page advertises (Links), none when Page is
	// not set.
	Feeds []Feed
}

// Look fetches rawURL once and tells whether it is a web page and which
// feeds it advertises. A feed, or any answer that is not HTML, is no page.
// It fails when no answer came (the address guard's refusal included) or
// the answer is not a success.
func (f *Finder) Look(ctx context.Context, rawURL string) (Result, error) {
	resp, err := f.Client.Get(ctx, fetch.Request{URL: rawURL})
	if err != nil {
		return Result{}, err
	}
	if resp.Status < 200 || resp.Status > 299 {
		return Result{}, fmt.Errorf("%s: the server answered %d %s", fetch.RedactURL(rawURL), resp.Status, http.StatusText(resp.Status))
	}
	res := Result{URL: resp.URL}
	if !isHTML(resp) {
		return res, nil
	}
	if _, err := feed.Parse(resp.Body, feed.Options{ContentType: resp.ContentType, BaseURL: resp.URL}); err == nil {
		return res, nil // a feed served as text/html
	}
	res.Page, res.Feeds = true, Links(resp.Body, resp.URL)
	return res, nil
}

// isHTML reports whether an answer is labelled or sniffed as HTML.
func isHTML(resp *fetch.Response) bool {
	ct := strings.ToLower(resp.ContentType)
	return strings.Contains(ct, "html") || (ct == "" && strings.HasPrefix(http.DetectContentType(resp.Body), "text/html"))
}
