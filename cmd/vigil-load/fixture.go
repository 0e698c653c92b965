package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"vigil"
	"vigil/account"
	"vigil/store"
)

// loadToken is the API token of the measured user. The load store is a
// throwaway file on the measuring machine; a fixed token lets a second
// run reuse the store.
const loadToken = "vigil-load-token-not-a-secret"

// batchItems is how many items one transaction stores.
const batchItems = 2000

// epoch is the fetch time of the generated items; they are published in
// the year before it.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// fixture is what the clients need to know about the filled store.
type fixture struct {
	token string
	feeds []int64 // the measured user's feeds
	span  span    // the newest and oldest entries of the user's reading list
}

// prepare fills the store, or reuses it when the measured user exists,
// and reads the span of the user's reading list.
func prepare(ctx context.Context, st store.Store, o options, out io.Writer) (fixture, error) {
	fx, err := fillOrReuse(ctx, st, o, out)
	if err != nil {
		return fx, err
	}
	u, err := st.UserByName(ctx, "load")
	if err != nil {
		return fx, err
	}
	if fx.span, err = readSpan(ctx, st, u.ID); err != nil {
		return fx, err
	}
	fx.span.print(out)
	return fx, nil
}

// fillOrReuse fills the store, or reuses it when the measured user exists.
func fillOrReuse(ctx context.Context, st store.Store, o options, out io.Writer) (fixture, error) {
	fx := fixture{token: loadToken}
	u, err := st.UserByName(ctx, "load")
	switch {
	case vigil.ErrorCode(err) == vigil.ENOTFOUND:
		start := time.Now()
		if fx.feeds, err = fill(ctx, st, o); err != nil {
			return fx, err
		}
		fmt.Fprintf(out, "filled %s: %d items in %d feeds in %v\n", o.storeName(), o.items, o.feeds+o.otherFeeds, time.Since(start).Round(time.Millisecond))
		return fx, nil
	case err != nil:
		return fx, err
	}
	subs, err := st.Subscriptions(ctx, u.ID)
	if err != nil {
		return fx, err
	}
	for _, s := range subs {
		fx.feeds = append(fx.feeds, s.Feed.ID)
	}
	fmt.Fprintf(out, "reusing %s: the load user follows %d feeds\n", o.storeName(), len(fx.feeds))
	return fx, nil
}

// fill creates the measured user "load" following o.feeds feeds, the user
// "other" following o.otherFeeds more, and o.items items over all of them.
func fill(ctx context.Context, st store.Store, o options) ([]int64, error) {
	load, err := newUser(ctx, st, "load", account.HashToken(loadToken))
	if err != nil {
		return nil, err
	}
	other, err := newUser(ctx, st, "other", "")
	if err != nil {
		return nil, err
	}
	total := o.feeds + o.otherFeeds
	var mine []int64
	for f := range total {
		owner := load
		if f >= o.feeds {
			owner = other
		}
		id, err := newFeed(ctx, st, owner.ID, f)
		if err != nil {
			return nil, err
		}
		if owner == load {
			mine = append(mine, id)
		}
		n := o.items/total + boolInt(f < o.items%total)
		if err := fillFeed(ctx, st, id, f, n, o); err != nil {
			return nil, err
		}
	}
	return mine, nil
}

// newUser creates a user with a throwaway password.
func newUser(ctx context.Context, st store.Store, name, tokenHash string) (*vigil.User, error) {
	hash, err := account.HashPassword("load", 1)
	if err != nil {
		return nil, err
	}
	u := &vigil.User{Name: name, PasswordHash: hash, TokenHash: tokenHash}
	return u, st.CreateUser(ctx, u)
}

// newFeed subscribes the user to generated feed f, never due: the monitor
// of a load run must not try to fetch it.
func newFeed(ctx context.Context, st store.Store, userID int64, f int) (int64, error) {
	sub, err := st.Subscribe(ctx, userID, fmt.Sprintf("https://load.invalid/feed/%d", f), 1, epoch)
	if err != nil {
		return 0, err
	}
	return sub.Feed.ID, st.SetNextFetch(ctx, sub.Feed.ID, epoch.AddDate(100, 0, 0))
}

// fillFeed stores n items of feed f, batchItems per transaction, published
// as o.dates says, each with a content of about o.bodyBytes of HTML (one
// short sentence when 0).
func fillFeed(ctx context.Context, st store.Store, feedID int64, f, n int, o options) error {
	for start := 0; start < n; start += batchItems {
		batch := make([]vigil.Item, 0, min(batchItems, n-start))
		for k := start; k < start+cap(batch); k++ {
			batch = append(batch, vigil.Item{
				Key:       fmt.Sprintf("f%d-i%d", f, k),
				Hash:      fmt.Sprintf("h%d-%d", f, k),
				URL:       fmt.Sprintf("https://load.invalid/feed/%d/%d", f, k),
				Title:     fmt.Sprintf("Item %d of feed %d", k, f),
				Content:   content(f, k, o.bodyBytes),
				Published: published(o.dates, f, k, n),
			})
		}
		fetched := vigil.Fetched{FeedID: feedID, Observation: vigil.Observation{At: epoch, Status: 200, Items: len(batch)}, Items: batch}
		keep := func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }
		if _, err := st.Ingest(ctx, fetched, keep); err != nil {
			return err
		}
	}
	return nil
}

// boolInt is 1 for true.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// content is the HTML of item k of feed f: one short sentence, or
// paragraphs with a link and emphasis of about bodyBytes, distinct for
// every item as real items are.
func content(f, k, bodyBytes int) string {
	if bodyBytes == 0 {
		return "<p>A generated item of a load run.</p>"
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<p>Item %d of feed %d, <a href="https://load.invalid/feed/%d/%d">a link</a>.</p>`, k, f, f, k)
	for n := 0; b.Len() < bodyBytes; n++ {
		fmt.Fprintf(&b, `<p>Paragraph %d says <em>something</em> of item %d of feed %d at length, as a real article would, with words enough to fill a line or two.</p>`, n, k, f)
	}
	return b.String()
}
