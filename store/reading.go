package store

import (
	"context"
	"time"

	"vigil"
)

// Reading is the items of the feeds users follow as users read them:
// listings, searches and streams for the web UI and reader apps (the
// Google Reader and Fever APIs), and the user's read, starred and opened
// states.
type Reading interface {
	// Items lists items newest first (by published time, else first seen).
	Items(ctx context.Context, q vigil.ItemQuery) ([]vigil.Item, error)
	// Item returns one item of a feed the user follows (any item when
	// userID is 0), or ENOTFOUND.
	Item(ctx context.Context, userID, itemID int64) (*vigil.Item, error)
	// ItemsByID returns the items with those IDs that belong to feeds the
	// user follows, with the user's states, in the order asked; others are
	// left out.
	ItemsByID(ctx context.Context, userID int64, ids []int64) ([]vigil.Item, error)
	// SearchItems ranks the items of the feeds the user follows (every item
	// when userID is 0) by full-text relevance to query, best first. The
	// query is plain words (every word must occur, prefixes with a trailing
	// *, phrases in double quotes); a query with no word is EINVALID.
	SearchItems(ctx context.Context, userID int64, query string, limit int) ([]vigil.Item, error)
	// StreamEntries lists the items q selects, without their content.
	StreamEntries(ctx context.Context, q vigil.StreamQuery) ([]vigil.StreamEntry, error)
	// NewestItems returns the sort time of the newest item of each feed the
	// user follows, by feed ID; feeds without items are left out.
	NewestItems(ctx context.Context, userID int64) (map[int64]time.Time, error)

	// MarkRead sets the read state of items for a user; items of feeds the
	// user does not follow are ENOTFOUND.
	MarkRead(ctx context.Context, userID int64, itemIDs []int64, read bool) error
	// MarkStreamRead marks read every item q selects that vigil first saw
	// at or before until, so that items arriving after a reader looked stay
	// unread however old their dates (q's order, continuation and limit are
	// ignored), and returns how many changed state.
	MarkStreamRead(ctx context.Context, q vigil.StreamQuery, until time.Time) (int64, error)
	// StarItems stars or unstars items for a user; items of feeds the user
	// does not follow are ENOTFOUND.
	StarItems(ctx context.Context, userID int64, itemIDs []int64, starred bool) error
	// MarkOpened records that the user opened an item at t (it also marks
	// it read): opened and starred items teach the user's interests.
	MarkOpened(ctx context.Context, userID, itemID int64, t time.Time) error
}
