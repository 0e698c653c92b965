package sqlflow

import (
	"context"
	"slices"

	"vigil"
	"vigil/store"
)

// ItemSQL is the text of the item queries. Each selects the columns
// store.ScanItem reads.
type ItemSQL struct {
	// List builds the listing query of q and its arguments; it selects the
	// columns of store.ScanItem and then the item's sort time
	// (store.ScanListedItem).
	List func(q vigil.ItemQuery) (string, []any)
	// After returns the items with an ID above $1, in ID order, at most
	// $2, without any reader's state.
	After string
	// Interest returns the items the user $1 opened or starred (of feeds
	// the user follows), most recently opened first, then the starred ones
	// never opened, ties newest ID first, at most $2.
	Interest string
	// ByID returns the item $2 with the states of the user $1.
	ByID string
	// ByIDFollowed is ByID of an item of a feed the user $1 ($3, the same)
	// follows.
	ByIDFollowed string
}

// Items lists items newest first: by published time, else first seen, a
// publication date later than first seen counting as first seen; ties by
// ID, newest first. With a UserID only items of feeds the user follows are
// listed, with the user's read and starred states. Before continues a
// listing after a cursor, After lists the page just before one; Offset
// skips items (O(offset), kept for old clients). Limit 0 means
// store.DefaultItemLimit and is at most store.MaxItemLimit; a negative Limit or Offset
// is EINVALID.
func (s *Store) Items(ctx context.Context, q vigil.ItemQuery) ([]vigil.Item, error) {
	if err := store.CheckItemQuery(q); err != nil {
		return nil, err
	}
	query, args := s.sql.Item.List(q)
	rows, err := s.conn.Hot().Query(ctx, query, args...)
	items, err := list(&s.d, rows, err, "list items", store.ScanListedItem)
	if !q.After.IsZero() {
		slices.Reverse(items) // read oldest first, listed newest first
	}
	return items, err
}

// ItemsAfter returns up to limit stored items with an ID above after, in ID
// order, without any reader's state: what the profiler folds into channel
// profiles. Limit 0 means store.DefaultItemsAfterLimit and is at most
// store.MaxItemsAfterLimit; a negative limit is EINVALID.
func (s *Store) ItemsAfter(ctx context.Context, after int64, limit int) ([]vigil.Item, error) {
	limit, err := store.Limit(limit, store.DefaultItemsAfterLimit, store.MaxItemsAfterLimit)
	if err != nil {
		return nil, err
	}
	return s.QueryItems(ctx, "list items after an ID", s.sql.Item.After, after, limit)
}

// InterestItems lists the items the user opened or starred, with the user's
// states: most recently opened first, then the starred ones never opened,
// ties newest ID first. Like every listing for a user it keeps to the feeds
// the user follows (the states of an unfollowed feed's items stay stored
// and count again if the user follows it again). Limit 0 means
// store.DefaultInterestLimit and is at most store.MaxInterestLimit; a negative limit is
// EINVALID.
func (s *Store) InterestItems(ctx context.Context, userID int64, limit int) ([]vigil.Item, error) {
	limit, err := store.Limit(limit, store.DefaultInterestLimit, store.MaxInterestLimit)
	if err != nil {
		return nil, err
	}
	return s.QueryItems(ctx, "list interest items", s.sql.Item.Interest, userID, limit)
}

// QueryItems runs a query that selects the columns store.ScanItem reads
// and reads every row; op names the operation in errors. Item listings
// and searches are hot reads (Conn.Hot).
func (s *Store) QueryItems(ctx context.Context, op, query string, args ...any) ([]vigil.Item, error) {
	rows, err := s.conn.Hot().Query(ctx, query, args...)
	return list(&s.d, rows, err, op, store.ScanItem)
}

// Item returns one item of a feed the user follows, with the user's read
// and starred states (any item when userID is 0), or ENOTFOUND.
func (s *Store) Item(ctx context.Context, userID, itemID int64) (*vigil.Item, error) {
	query, args := s.sql.Item.ByID, []any{userID, itemID}
	if userID != 0 {
		query, args = s.sql.Item.ByIDFollowed, append(args, userID)
	}
	it, err := store.ScanItem(s.conn.Read().QueryRow(ctx, query, args...))
	return found(&s.d, it, err, "read item", "item %d not found", itemID)
}
