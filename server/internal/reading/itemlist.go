package reading

import (
	"context"
	"errors"

	"vigil"
)

// ItemPage is one page of an item listing.
type ItemPage struct {
	Items []vigil.Item `json:"items"`
	// NextOffset is the offset of the next page, or nil on the last page.
	NextOffset *int `json:"next_offset"`
	// NextCursor continues the listing after this page (the before
	// parameter), or is nil on the last page. Unlike an offset it costs
	// O(page) however deep the page, and skips nothing when new items
	// arrive meanwhile.
	NextCursor *string `json:"next_cursor"`
	// PrevCursor lists the page just newer than this one (the after
	// parameter), or is nil when this page starts at the newest item or
	// was reached by offset.
	PrevCursor *string `json:"prev_cursor"`
}

// ListItems returns one page of q's items, sanitised. A feed filter must
// name a feed the user follows.
func (s *Service) ListItems(ctx context.Context, q vigil.ItemQuery) (ItemPage, error) {
	if q.UserID == 0 {
		return ItemPage{}, errors.New("server: item listing without a user")
	}
	if q.FeedID != 0 {
		if _, err := s.st.Subscription(ctx, q.UserID, q.FeedID); err != nil {
			return ItemPage{}, err
		}
	}
	limit := q.Limit
	q.Limit++ // one more tells whether a next (or, going back, a newer) page exists
	items, err := s.st.Items(ctx, q)
	if err != nil {
		return ItemPage{}, err
	}
	more := len(items) > limit
	if more && !q.After.IsZero() {
		items = items[1:] // the extra item is the newest, beyond the page
	} else if more {
		items = items[:limit]
	}
	page := ItemPage{Items: make([]vigil.Item, 0, len(items))}
	for _, it := range items {
		page.Items = append(page.Items, s.SanitiseItem(it))
	}
	if len(items) == 0 {
		return page, nil
	}
	newest, oldest := items[0].Cursor().String(), items[len(items)-1].Cursor().String()
	switch {
	case !q.After.IsZero():
		// Older items exist: the cursor's own item, at least.
		page.NextCursor = &oldest
		if more {
			page.PrevCursor = &newest
		}
	case more:
		next := q.Offset + limit
		page.NextOffset, page.NextCursor = &next, &oldest
	}
	if !q.Before.IsZero() {
		page.PrevCursor = &newest // the cursor's own item, at least, is newer
	}
	return page, nil
}
