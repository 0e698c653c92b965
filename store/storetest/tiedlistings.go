package storetest

import (
	"time"

	"vigil"
)

// Size of the group of items of one sort time the stores' plan tests
// hold: TiedItems items in TiedFeeds feeds the user follows, enough that a
// plan which reads the group, or sorts it, reads thousands of rows for a
// page.
const (
	TiedFeeds = 8
	TiedItems = 40000
)

// TiedListing is a listing the stores' plan tests check over the tied
// group: a stream listing of the reader APIs, or one of vigil's own item
// listings.
type TiedListing struct {
	Name   string
	Stream *vigil.StreamQuery
	Items  *vigil.ItemQuery
}

// TiedListings returns the listings of the user's items, of one of their
// feeds, whose items share the sort time at, by the cursor of the item
// in the middle of the group (ID TiedItems/2, IDs being 1 to TiedItems):
// the first page, the page up to the tied time, and continuations inside
// the group newest and oldest first, unread or of the one feed. Stream
// listings read the reader APIs' pages of 1,000, item listings vigil's
// default page.
func TiedListings(userID, feedID int64, at time.Time) []TiedListing {
	mid := vigil.ItemCursor{At: at, ID: TiedItems / 2}
	after := &vigil.StreamCursor{At: at, ID: mid.ID}
	streams := []TiedListing{
		{Name: "reading list", Stream: &vigil.StreamQuery{}},
		{Name: "reading list up to the tie", Stream: &vigil.StreamQuery{Until: at}},
		{Name: "reading list inside the tie", Stream: &vigil.StreamQuery{After: after}},
		{Name: "unread inside the tie", Stream: &vigil.StreamQuery{ExcludeRead: true, After: after}},
		{Name: "oldest first inside the tie", Stream: &vigil.StreamQuery{OldestFirst: true, After: after}},
		{Name: "one feed inside the tie", Stream: &vigil.StreamQuery{FeedID: feedID, After: after}},
	}
	for i := range streams {
		streams[i].Name = "stream: " + streams[i].Name
		streams[i].Stream.UserID, streams[i].Stream.Limit = userID, 1000
	}
	items := []TiedListing{
		{Name: "all feeds", Items: &vigil.ItemQuery{}},
		{Name: "all feeds inside the tie", Items: &vigil.ItemQuery{Before: mid}},
		{Name: "unread inside the tie", Items: &vigil.ItemQuery{UnreadOnly: true, Before: mid}},
		{Name: "one feed inside the tie", Items: &vigil.ItemQuery{FeedID: feedID, Before: mid}},
		{Name: "back inside the tie", Items: &vigil.ItemQuery{After: mid}},
	}
	for i := range items {
		items[i].Name = "items: " + items[i].Name
		items[i].Items.UserID = userID
	}
	return append(streams, items...)
}
