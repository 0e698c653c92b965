package main

import (
	"context"
	"fmt"
	"time"

	"vigil"
	"vigil/opml"
	"vigil/store"
)

// importCounts is what an OPML import did with its outlines.
type importCounts struct {
	added    int // newly followed
	followed int // followed already: left as they were, weight included
	skipped  int // unusable URLs
}

// importOutlines makes u follow the feeds of outlines that u does not
// follow yet. A feed with no title yet gets the outline's, which the first
// fetch that finds the feed's own title replaces.
func importOutlines(ctx context.Context, e *env, st store.Subscribing, u *vigil.User, outlines []opml.Outline, m *meter) (importCounts, error) {
	var n importCounts
	subs, err := st.Subscriptions(ctx, u.ID)
	if err != nil {
		return n, err
	}
	following := make(map[string]bool, len(subs))
	for _, s := range subs {
		following[s.Feed.URL] = true
	}
	for _, o := range outlines {
		m.step(o.XMLURL)
		url, err := vigil.NormalizeFeedURL(o.XMLURL)
		switch {
		case err != nil:
			n.skipped++
			fmt.Fprintf(e.stderr, "skipped %q: %s\n", o.XMLURL, vigil.ErrorMessage(err))
			continue
		case following[url]:
			n.followed++
			continue
		}
		sub, err := st.Subscribe(ctx, u.ID, url, 1, time.Now())
		if err != nil {
			return n, fmt.Errorf("subscribing %s to %s: %w", u.Name, url, err)
		}
		if o.Category != "" {
			if err := st.SetFolder(ctx, u.ID, sub.Feed.ID, o.Category); err != nil {
				return n, err
			}
		}
		if o.Title != "" {
			if _, err := st.SetFeedTitle(ctx, sub.Feed.ID, o.Title); err != nil {
				return n, err
			}
		}
		following[url] = true
		n.added++
	}
	return n, nil
}
