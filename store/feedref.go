package store

import (
	"time"

	"vigil"
)

// FeedRef is what a fetch pass keeps of a feed it listed until it fetches
// it (and reads the whole feed): a pass over thousands of feeds holds these
// instead of whole feeds.
type FeedRef struct {
	ID  int64
	URL string
	// NotBefore is the feed's Hints.NotBefore: the server asked not to be
	// fetched before it.
	NotBefore time.Time
}

// FeedToFetch is a feed as a fetch reads it just before fetching it
// (FeedsToFetch): the whole feed, whether it is a watched page and
// whether it has a WebSub subscription.
type FeedToFetch struct {
	Feed *vigil.Feed
	Page bool
	// Pushed is whether the feed had a WebSub subscription (of any state)
	// when it was read: a fetch reads the subscription only then.
	Pushed bool
}
