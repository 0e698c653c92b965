package monitor

import (
	"context"
	"errors"

	"vigil"
	"vigil/fetch"
)

// Renderer fetches a page through a browser: the document its scripts
// leave once the network is idle or waitFor (a CSS selector) appears, as
// an HTML response (render.Pool).
type Renderer interface {
	Render(ctx context.Context, url, waitFor string) (*fetch.Response, error)
}

// errNoRenderer is told when a page needs a browser and the monitor was
// given none, and no reason why.
var errNoRenderer = errors.New("this page is rendered in a browser and none is configured: install Debian's chromium package (apt-get install chromium)")

// rendered renders url through the monitor's Renderer, or fails saying
// why there is none.
func (m *Monitor) rendered(ctx context.Context, url, waitFor string) (*fetch.Response, error) {
	if m.render == nil {
		if m.noRender != nil {
			return nil, m.noRender
		}
		return nil, errNoRenderer
	}
	return m.render.Render(ctx, url, waitFor)
}

// get fetches a feed, or a page (p not nil): through the Renderer when
// the page is watched rendered, else over HTTP with the feed's
// validators.
func (m *Monitor) get(ctx context.Context, f vigil.Feed, p *vigil.Page) (*fetch.Response, error) {
	if p != nil && p.Render {
		return m.rendered(ctx, f.URL, p.WaitFor)
	}
	return m.client.Get(ctx, fetch.Request{URL: f.URL, ETag: f.ETag, LastModified: f.LastModified})
}
