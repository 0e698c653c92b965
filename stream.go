package vigil

import "time"

// StreamQuery selects a user's items the way reader apps ask for them (the
// Google Reader and Fever APIs): by feed or folder, read and starred
// state, a time window, an order and a continuation.
type StreamQuery struct {
	UserID int64 // required: only items of feeds the user follows
	FeedID int64 // 0: every feed the user follows
	// Folder keeps the feeds in exactly that folder, not its subfolders,
	// as a Google Reader label or Fever group does (a cleaned path, see
	// CleanFolder); "" means no folder filter.
	Folder      string
	ExcludeRead bool // unread items only
	ReadOnly    bool // read items only
	StarredOnly bool
	// Since and Until bound the items' sort time (publication, else first
	// seen), both inclusive; zero means unbounded.
	Since, Until time.Time
	// SeenUntil bounds when vigil first saw the items, inclusive; zero
	// means unbounded. Marking a stream read up to an instant uses it, so
	// that an item that arrived after the reader looked stays unread
	// however old its publication date.
	SeenUntil time.Time
	// MaxID and MinID bound item IDs, inclusive; 0 means unbounded.
	MaxID, MinID int64
	// OldestFirst lists in ascending order; the default is newest first.
	OldestFirst bool
	// ByID orders by item ID alone instead of sort time, for clients that
	// page by ID (the Fever API's since_id and max_id); After.At is then
	// ignored.
	ByID bool
	// After continues a listing after the entry it names.
	After *StreamCursor
	Limit int // 0: a default page size
}

// StreamCursor names a place in a stream listing: an item's sort time and ID.
type StreamCursor struct {
	At time.Time
	ID int64
}

// StreamEntry is one item of a stream listing, without its content.
type StreamEntry struct {
	ID     int64
	FeedID int64
	// At is the item's sort time: its publication, else when first seen.
	At      time.Time
	Read    bool
	Starred bool
}
