package store

import "vigil"

// How many rows the listings of every store read: the default for a
// limit of 0 and the most a larger limit gets.
const (
	DefaultItemLimit       = 50    // Items, SearchItems
	MaxItemLimit           = 500   // Items, SearchItems
	DefaultItemsAfterLimit = 500   // ItemsAfter
	MaxItemsAfterLimit     = 5000  // ItemsAfter
	DefaultStreamLimit     = 20    // StreamEntries
	MaxStreamLimit         = 10000 // StreamEntries
	DefaultInterestLimit   = 200   // InterestItems
	MaxInterestLimit       = 1000  // InterestItems
	MaxItemsByID           = 10000 // ItemsByID, IDs per call
)

// Limit returns how many items a listing asked for limit reads: def for 0,
// at most most. A negative limit is EINVALID.
func Limit(limit, def, most int) (int, error) {
	if limit < 0 {
		return 0, vigil.Errorf(vigil.EINVALID, "item limit %d must not be negative", limit)
	}
	if limit == 0 {
		return def, nil
	}
	return min(limit, most), nil
}

// PageLimit is the number of items a page of Items or SearchItems holds for
// a limit that is not negative.
func PageLimit(limit int) int {
	if limit == 0 {
		return DefaultItemLimit
	}
	return min(limit, MaxItemLimit)
}

// CheckItemQuery refuses an item query with a negative limit or offset
// (EINVALID).
func CheckItemQuery(q vigil.ItemQuery) error {
	if q.Limit < 0 || q.Offset < 0 {
		return vigil.Errorf(vigil.EINVALID, "item limit %d and offset %d must not be negative", q.Limit, q.Offset)
	}
	return nil
}
