package store

import "time"

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
