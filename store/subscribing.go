package store

import (
	"context"
	"time"

	"vigil"
)

// Subscribing is the feeds and who follows them: subscriptions, the
// user's folders and titles, and the feeds themselves as stored.
type Subscribing interface {
	// Subscribe makes the user follow url, creating the feed (due at now)
	// when no feed has that URL yet. Following it again only sets the weight.
	Subscribe(ctx context.Context, userID int64, url string, weight float64, now time.Time) (*vigil.Subscription, error)
	// Unsubscribe stops the user following the feed; its items stay stored.
	Unsubscribe(ctx context.Context, userID, feedID int64) error
	// Subscriptions lists the user's subscriptions with feed state and unread
	// counts. Feed.Weight and Feed.Subscribers, totals over every follower,
	// are left zero so that no user learns about others.
	Subscriptions(ctx context.Context, userID int64) ([]vigil.Subscription, error)
	// Subscription returns one of the user's subscriptions (without the
	// totals over followers, as Subscriptions), or ENOTFOUND.
	Subscription(ctx context.Context, userID, feedID int64) (*vigil.Subscription, error)
	// SubscriptionsOf returns the user's subscriptions to those feeds (as
	// Subscription returns them), in no set order, each once; feeds the
	// user does not follow are left out. It reads only those feeds, where
	// Subscriptions reads every one the user follows.
	SubscriptionsOf(ctx context.Context, userID int64, feedIDs []int64) ([]vigil.Subscription, error)
	// Readers lists every subscription as (user, feed, weight).
	Readers(ctx context.Context) ([]vigil.Reader, error)

	// SetFolder moves one of the user's subscriptions into a folder (a
	// path cleaned by vigil.CleanFolder; "" is the top level), or ENOTFOUND.
	SetFolder(ctx context.Context, userID, feedID int64, folder string) error
	// RenameSubscription sets the user's own title for a feed ("" shows the
	// feed's own again), or ENOTFOUND.
	RenameSubscription(ctx context.Context, userID, feedID int64, title string) error
	// SetFeedTitle gives a feed a title while it has none (an imported
	// OPML outline's, until a fetch brings the feed's own) and reports
	// whether it was set.
	SetFeedTitle(ctx context.Context, feedID int64, title string) (bool, error)

	// Feed returns a feed with its derived fields, or ENOTFOUND.
	Feed(ctx context.Context, id int64) (*vigil.Feed, error)
	// Feeds lists every feed with its derived fields, by ID.
	Feeds(ctx context.Context) ([]vigil.Feed, error)
}
