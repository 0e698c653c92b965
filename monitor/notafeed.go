package monitor

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"vigil"
	"vigil/fetch"
)

// notAFeed tells a URL followed as a feed that turns out to be a web page:
// its first successful answer is HTML that does not parse as a feed. Only
// a feed that has never been read and holds no item qualifies, so a feed
// whose server once answers with an HTML error page stays a feed.
func (m *Monitor) notAFeed(f vigil.Feed, o outcome) bool {
	if !m.cfg.HTMLAsPage || o.verdict != failed || o.resp == nil || o.resp.Status < 200 || o.resp.Status > 299 {
		return false
	}
	if !f.LastSuccess.IsZero() || f.ItemCount > 0 {
		return false
	}
	ct := strings.ToLower(o.resp.ContentType)
	return strings.Contains(ct, "html") || strings.HasPrefix(http.DetectContentType(o.resp.Body), "text/html")
}

// watchAsPage turns a feed row whose URL is a web page into a watched page
// (telling its followers) and stores this fetch as the page's first.
func (m *Monitor) watchAsPage(ctx context.Context, f vigil.Feed, resp *fetch.Response, at time.Time) (Result, error) {
	text := fmt.Sprintf("%s is a web page, not a feed: vigil watches it as a page and tells you how it changes (see Updates).", f.URL)
	if err := m.st.MakePage(context.WithoutCancel(ctx), f.ID, text, at); err != nil {
		return Result{}, fmt.Errorf("monitor: watching %s as a page: %w", fetch.RedactURL(f.URL), err)
	}
	p, err := m.st.Page(ctx, f.ID)
	if err != nil {
		return Result{}, fmt.Errorf("monitor: watching %s as a page: %w", fetch.RedactURL(f.URL), err)
	}
	m.log.Info("not a feed: watched as a page", "feed", f.ID, "url", fetch.RedactURL(f.URL))
	return m.storePage(ctx, f, p, classifyPage(resp, nil), at)
}
