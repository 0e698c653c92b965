package sqlite

import (
	"context"
	"slices"
	"strings"

	"vigil"
	"vigil/store"
)

// itemColumns are the columns store.ScanItem reads, in order, for an item aliased
// i, its feed f and the reader's state st (which may be absent).
const itemColumns = itemFields + `, COALESCE(st.read, 0), COALESCE(st.starred, 0)`

// itemFields are the leading itemColumns: the item and its feed's title.
const itemFields = `i.id, i.feed_id, i.key, i.hash, i.url, i.title, i.author, i.summary,
	i.content, i.published, i.updated, i.seen, f.title`

// Items lists items newest first: by published time, else first seen, a
// publication date later than first seen counting as first seen; ties by
// ID, newest first. With a UserID only items of feeds the user follows are
// listed, with the user's read and starred states. Before continues a
// listing after a cursor, After lists the page just before one; Offset skips items (O(offset), kept for old
// clients). Limit 0 means
// store.DefaultItemLimit and is at most store.MaxItemLimit; a negative Limit or Offset
// is EINVALID.
func (db *DB) Items(ctx context.Context, q vigil.ItemQuery) ([]vigil.Item, error) {
	if err := store.CheckItemQuery(q); err != nil {
		return nil, err
	}
	query, args := itemsQuery(q)
	items, err := db.queryItems(ctx, "list items", query, args...)
	if !q.After.IsZero() {
		slices.Reverse(items) // read oldest first, listed newest first
	}
	return items, err
}

// ItemsAfter returns up to limit stored items with an ID above after, in ID
// order, without any reader's state: what the profiler folds into channel
// profiles. Limit 0 means store.DefaultItemsAfterLimit and is at most
// store.MaxItemsAfterLimit; a negative limit is EINVALID.
func (db *DB) ItemsAfter(ctx context.Context, after int64, limit int) ([]vigil.Item, error) {
	limit, err := store.Limit(limit, store.DefaultItemsAfterLimit, store.MaxItemsAfterLimit)
	if err != nil {
		return nil, err
	}
	return db.queryItems(ctx, "list items after an ID",
		`SELECT `+itemFields+`, 0, 0 FROM items i JOIN feeds f ON f.id = i.feed_id
		 WHERE i.id > ? ORDER BY i.id LIMIT ?`, after, limit)
}

// queryItems runs a query that selects itemColumns and reads every row; op
// names the operation in errors.
func (db *DB) queryItems(ctx context.Context, op, query string, args ...any) ([]vigil.Item, error) {
	rows, err := db.reads.query(ctx, db.read, query, args...)
	return list(rows, err, op, store.ScanItem)
}

// itemsQuery builds the listing query for q. Listings walk an index in
// their order (items_sort, or items_feed_sort for one feed) and stop after
// the page, so a page costs O(page), not a sort of all of a user's items:
// with every feed, the rows walked are about the page divided by the share
// of stored items in the user's feeds, or in the unread ones with
// UnreadOnly. Starred listings start from the user's few starred items and
// sort those instead.
func itemsQuery(q vigil.ItemQuery) (string, []any) {
	var b strings.Builder
	b.WriteString(`SELECT ` + itemColumns + ` FROM items i ` + itemsIndex(q) + ` JOIN feeds f ON f.id = i.feed_id
		LEFT JOIN item_states st ON st.user_id = ? AND st.item_id = i.id WHERE 1 `)
	args := []any{q.UserID}
	switch {
	case q.UserID != 0 && q.FeedID != 0:
		b.WriteString(`AND EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = ? AND sub.feed_id = ?) `)
		args = append(args, q.UserID, q.FeedID)
	case q.UserID != 0:
		b.WriteString(`AND i.feed_id IN (SELECT sub.feed_id FROM subscriptions sub WHERE sub.user_id = ?) `)
		args = append(args, q.UserID)
	}
	if q.FeedID != 0 {
		b.WriteString(`AND i.feed_id = ? `)
		args = append(args, q.FeedID)
	}
	if q.UnreadOnly {
		b.WriteString(`AND COALESCE(st.read, 0) = 0 `)
	}
	if q.StarredOnly {
		b.WriteString(`AND st.starred = 1 `)
	}
	if !q.Before.IsZero() {
		b.WriteString(`AND (i.sort_at, i.id) < (?, ?) `)
		args = append(args, store.Nanos(q.Before.At).Int64, q.Before.ID)
	}
	if !q.After.IsZero() {
		// The nearest newer items: the index walked the other way.
		b.WriteString(`AND (i.sort_at, i.id) > (?, ?) ORDER BY i.sort_at, i.id LIMIT ? OFFSET ?`)
		args = append(args, store.Nanos(q.After.At).Int64, q.After.ID)
		return b.String(), append(args, store.PageLimit(q.Limit), q.Offset)
	}
	b.WriteString(`ORDER BY i.sort_at DESC, i.id DESC LIMIT ? OFFSET ?`)
	return b.String(), append(args, store.PageLimit(q.Limit), q.Offset)
}

// itemsIndex names the index a listing walks, so that SQLite never picks
// a plan that sorts every item of the user's feeds for one page.
func itemsIndex(q vigil.ItemQuery) string {
	switch {
	case q.StarredOnly:
		return ""
	case q.FeedID != 0:
		return "INDEXED BY items_feed_sort"
	default:
		return "INDEXED BY items_sort"
	}
}

// Item returns one item of a feed the user follows, with the user's read
// and starred states (any item when userID is 0), or ENOTFOUND.
func (db *DB) Item(ctx context.Context, userID, itemID int64) (*vigil.Item, error) {
	query := `SELECT ` + itemColumns + ` FROM items i JOIN feeds f ON f.id = i.feed_id
		LEFT JOIN item_states st ON st.user_id = ? AND st.item_id = i.id
		WHERE i.id = ?`
	args := []any{userID, itemID}
	if userID != 0 {
		query += ` AND EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = ? AND sub.feed_id = i.feed_id)`
		args = append(args, userID)
	}
	it, err := store.ScanItem(db.read.QueryRowContext(ctx, query, args...))
	return found(it, err, "read item", "item %d not found", itemID)
}
