package server

import (
	"context"
	"errors"

	"vigil"
)

// itemPage is one page of an item listing.
type itemPage struct {
	Items []vigil.Item `json:"items"`
	// NextOffset is the offset of the next page, or nil on the last page.
	NextOffset *int `json:"next_offset"`
	// NextCursor continues the listing after this page (the before
	// parameter), or is nil on the last page. Unlike an offset it costs
	// O(page) however deep the page, and skips nothing when new items
	// arrive meanwhile.
	NextCursor *string `json:"next_cursor"`
}

// listItems returns one page of q's items, sanitised. A feed filter must
// name a feed the user follows.
func (s *Server) listItems(ctx context.Context, q vigil.ItemQuery) (itemPage, error) {
	if q.UserID == 0 {
		return itemPage{}, errors.New("server: item listing without a user")
	}
	if q.FeedID != 0 {
		if _, err := s.st.Subscription(ctx, q.UserID, q.FeedID); err != nil {
			return itemPage{}, err
		}
	}
	limit := q.Limit
	q.Limit++ // one more tells whether a next page exists
	items, err := s.st.Items(ctx, q)
	if err != nil {
		return itemPage{}, err
	}
	page := itemPage{Items: make([]vigil.Item, 0, min(len(items), limit))}
	for i, it := range items {
		if i == limit {
			next, cursor := q.Offset+limit, items[i-1].Cursor().String()
			page.NextOffset, page.NextCursor = &next, &cursor
			break
		}
		page.Items = append(page.Items, s.sanitiseItem(it))
	}
	return page, nil
}
