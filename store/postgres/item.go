package postgres

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"vigil"
	"vigil/store"
)

// itemColumns are the columns store.ScanItem reads, in order, for an item aliased
// i, its feed f and the reader's state st (which may be absent).
const itemColumns = itemFields + `, COALESCE(st.read, false), COALESCE(st.starred, false)`

// itemFields are the leading itemColumns: the item and its feed's title.
const itemFields = `i.id, i.feed_id, i.key, i.hash, i.url, i.title, i.author, i.summary,
	i.content, i.published, i.updated, i.seen, f.title`

// Items lists items newest first: by published time, else first seen, a
// publication date later than first seen counting as first seen; ties by
// ID, newest first. With a UserID only items of feeds the user follows are
// listed, with the user's read and starred states. Before continues a
// listing after a cursor, After lists the page just before one; Offset
// skips items (O(offset), kept for old clients). Limit 0 means
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
		`SELECT `+itemFields+`, false, false FROM items i JOIN feeds f ON f.id = i.feed_id
		 WHERE i.id > $1 ORDER BY i.id LIMIT $2`, after, limit)
}

// queryItems runs a query that selects itemColumns and reads every row; op
// names the operation in errors.
func (db *DB) queryItems(ctx context.Context, op, query string, args ...any) ([]vigil.Item, error) {
	rows, err := db.pool.Query(ctx, query, args...)
	return list(rows, err, op, store.ScanItem)
}

// params numbers the placeholders of a query as its arguments are added.
type params struct{ args []any }

// add appends an argument and returns its placeholder.
func (p *params) add(v any) string {
	p.args = append(p.args, v)
	return fmt.Sprintf("$%d", len(p.args))
}

// itemsQuery builds the listing query for q.
func itemsQuery(q vigil.ItemQuery) (string, []any) {
	var b strings.Builder
	var p params
	b.WriteString(`SELECT ` + itemColumns + ` FROM items i JOIN feeds f ON f.id = i.feed_id `)
	if q.UserID != 0 {
		b.WriteString(`JOIN subscriptions sub ON sub.feed_id = i.feed_id AND sub.user_id = ` + p.add(q.UserID) + ` `)
	}
	b.WriteString(`LEFT JOIN item_states st ON st.user_id = ` + p.add(q.UserID) + ` AND st.item_id = i.id WHERE true `)
	if q.FeedID != 0 {
		b.WriteString(`AND i.feed_id = ` + p.add(q.FeedID) + ` `)
	}
	if q.UnreadOnly {
		b.WriteString(`AND NOT COALESCE(st.read, false) `)
	}
	if q.StarredOnly {
		b.WriteString(`AND st.starred `)
	}
	if !q.Before.IsZero() {
		b.WriteString(`AND (i.sort_at, i.id) < (` + p.add(store.Nanos(q.Before.At).Int64) + `, ` + p.add(q.Before.ID) + `) `)
	}
	if !q.After.IsZero() {
		// The nearest newer items: the index walked the other way.
		b.WriteString(`AND (i.sort_at, i.id) > (` + p.add(store.Nanos(q.After.At).Int64) + `, ` + p.add(q.After.ID) + `) `)
		b.WriteString(`ORDER BY i.sort_at, i.id LIMIT ` + p.add(store.PageLimit(q.Limit)) + ` OFFSET ` + p.add(q.Offset))
		return b.String(), p.args
	}
	b.WriteString(`ORDER BY i.sort_at DESC, i.id DESC LIMIT ` + p.add(store.PageLimit(q.Limit)) + ` OFFSET ` + p.add(q.Offset))
	return b.String(), p.args
}

// Item returns one item of a feed the user follows, with the user's read
// and starred states (any item when userID is 0), or ENOTFOUND.
func (db *DB) Item(ctx context.Context, userID, itemID int64) (*vigil.Item, error) {
	query := `SELECT ` + itemColumns + ` FROM items i JOIN feeds f ON f.id = i.feed_id
		LEFT JOIN item_states st ON st.user_id = $1 AND st.item_id = i.id
		WHERE i.id = $2`
	if userID != 0 {
		query += ` AND EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = $1 AND sub.feed_id = i.feed_id)`
	}
	it, err := store.ScanItem(db.pool.QueryRow(ctx, query, userID, itemID))
	return found(it, err, "read item", "item %d not found", itemID)
}
