package fetch

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// redirectChain records the URLs one Get passed through.
type redirectChain struct {
	hops      []*url.URL // the first URL, then each redirect target
	permanent string     // PermanentURL so far
	broken    bool       // a temporary hop has ended the permanent run
}

// last returns the URL currently being fetched; first is the caller's
// spelling of the first URL, returned verbatim while no redirect happened.
func (ch *redirectChain) last(first string) string {
	if len(ch.hops) <= 1 {
		return first
	}
	return ch.hops[len(ch.hops)-1].String()
}

// follow sends GETs from target along redirects and returns the first
// answer that is not a redirect, with its body unread.
func (c *Client) follow(ctx context.Context, target *url.URL, req Request) (*http.Response, *redirectChain, error) {
	chain := &redirectChain{hops: []*url.URL{target}}
	for {
		current := chain.hops[len(chain.hops)-1]
		resp, err := c.send(ctx, current, req)
		if err != nil {
			return nil, chain, err
		}
		location, ok := redirectLocation(resp)
		if !ok {
			return resp, chain, nil
		}
		discard(resp)
		if err := chain.add(resp.StatusCode, location, c.cfg.MaxRedirects); err != nil {
			return nil, chain, &Error{Kind: KindRedirect, URL: RedactURL(current.String()), Err: err}
		}
	}
}

// redirectLocation returns the Location of a 301, 302, 303, 307 or 308
// answer; other answers, and redirects without a Location, are final.
func redirectLocation(resp *http.Response) (string, bool) {
	switch resp.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		location := resp.Header.Get("Location")
		return location, location != ""
	}
	return "", false
}

// add resolves location against the current URL and appends it, refusing
// bad schemes, loops and more than max hops.
func (ch *redirectChain) add(status int, location string, max int) error {
	current := ch.hops[len(ch.hops)-1]
	next, err := current.Parse(location)
	if err != nil {
		return fmt.Errorf("invalid redirect Location %q: %w", RedactURL(location), withoutURL(err))
	}
	next.Fragment, next.RawFragment = "", ""
	if err := checkScheme(next); err != nil {
		return fmt.Errorf("redirect to %s refused: %w", RedactURL(next.String()), err)
	}
	if next.Hostname() == "" {
		return fmt.Errorf("redirect to %s refused: missing host", RedactURL(next.String()))
	}
	if ch.seen(next) {
		return fmt.Errorf("redirect loop: %s", ch.path(next))
	}
	if len(ch.hops) > max {
		return fmt.Errorf("more than %d redirects: %s", max, ch.path(next))
	}
	ch.hops = append(ch.hops, next)
	ch.notePermanence(status, next)
	return nil
}

// notePermanence extends PermanentURL while the hops stay permanent.
func (ch *redirectChain) notePermanence(status int, next *url.URL) {
	permanent := status == http.StatusMovedPermanently || status == http.StatusPermanentRedirect
	if ch.broken || !permanent {
		ch.broken = true
		return
	}
	ch.permanent = next.String()
}

// seen reports whether u was already visited in this chain.
func (ch *redirectChain) seen(u *url.URL) bool {
	for _, hop := range ch.hops {
		if sameURL(hop, u) {
			return true
		}
	}
	return false
}

// sameURL compares two URLs ignoring fragments and the case of scheme and host.
func sameURL(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Host, b.Host) &&
		a.EscapedPath() == b.EscapedPath() && a.RawQuery == b.RawQuery
}

// path spells the chain followed by next, for error messages, with the
// user information of every URL redacted.
func (ch *redirectChain) path(next *url.URL) string {
	parts := make([]string, 0, len(ch.hops)+1)
	for _, hop := range ch.hops {
		parts = append(parts, RedactURL(hop.String()))
	}
	return strings.Join(append(parts, RedactURL(next.String())), " -> ")
}

// discard drains a little of a redirect's body, so the connection can be
// reused, and closes it.
func discard(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
}
