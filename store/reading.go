package store

import (
	"context"
	"time"

	"vigil"
)

// Reading is what reader apps need beyond the basics (the Google Reader and
// Fever APIs, folders in OPML): folders and the user's own feed titles,
// stream listings, marking a whole stream read, and Fever keys. Store
// includes it.
type Reading interface {
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
	// StreamEntries lists the items q selects, without their content.
	StreamEntries(ctx context.Context, q vigil.StreamQuery) ([]vigil.StreamEntry, error)
	// ItemsByID returns the items with those IDs that belong to feeds the
	// user follows, with the user's states, in the order asked; others are
	// left out.
	ItemsByID(ctx context.Context, userID int64, ids []int64) ([]vigil.Item, error)
	// MarkStreamRead marks read every item q selects whose sort time is at
	// or before until (q's order, continuation and limit are ignored), and
	// returns how many changed state.
	MarkStreamRead(ctx context.Context, q vigil.StreamQuery, until time.Time) (int64, error)

	// NewestItems returns the sort time of the newest item of each feed the
	// user follows, by feed ID; feeds without items are left out.
	NewestItems(ctx context.Context, userID int64) (map[int64]time.Time, error)

	// SetFeverKey stores the hash of the user's Fever API key ("" removes
	// it); another user's key is ECONFLICT.
	SetFeverKey(ctx context.Context, userID int64, keyHash string) error
	// UserByFeverKey returns the user whose Fever key hashes to keyHash, or
	// ENOTFOUND.
	UserByFeverKey(ctx context.Context, keyHash string) (*vigil.User, error)
}
