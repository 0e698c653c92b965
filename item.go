package vigil

import "time"

// Item is one entry of a feed, stored once however many users read it.
type Item struct {
	ID     int64 `json:"id,omitzero"`
	FeedID int64 `json:"feed_id,omitzero"`
	// Key identifies the item within its feed: its id/guid, else its link,
	// else a hash of its title and content.
	Key string `json:"key"`
	// Hash digests the item's visible content; a change marks an edit.
	Hash      string    `json:"-"`
	URL       string    `json:"url,omitempty"`
	Title     string    `json:"title"`
	Author    string    `json:"author,omitempty"`
	Summary   string    `json:"summary,omitempty"`
	Content   string    `json:"content,omitempty"`
	Published time.Time `json:"published,omitzero"`
	Updated   time.Time `json:"updated,omitzero"`
	// Seen is when vigil first stored the item.
	Seen time.Time `json:"seen,omitzero"`

	// Per-reader fields, filled when items are listed for a user.
	Read      bool   `json:"read"`
	Starred   bool   `json:"starred"`
	FeedTitle string `json:"feed_title,omitempty"`
}

// ItemQuery selects items for a listing, newest first.
type ItemQuery struct {
	UserID     int64 // 0: every stored item (command line only, never the API)
	FeedID     int64 // 0: all feeds the user follows
	UnreadOnly bool
	// StarredOnly keeps the user's starred items only.
	StarredOnly bool
	Limit       int // 0: a default page size
	Offset      int // items skipped; kept for old clients, Before is O(page)
	// Before continues a listing after a page: only items older than the
	// cursor (by ListedAt, then ID) are listed. Zero lists from the newest.
	Before ItemCursor
	// After lists the page just newer than the cursor, for going back: the
	// Limit items nearest above it, still newest first.
	After ItemCursor
}
