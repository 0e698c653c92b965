package sqlite

import (
	"slices"
	"strings"

	"vigil"
	"vigil/store"
	"vigil/store/sqlflow"
)

// itemColumns are the columns store.ScanItem reads, in order, for an item aliased
// i, its feed f and the reader's state st (which may be absent).
const itemColumns = itemFields + `, COALESCE(st.read, 0), COALESCE(st.starred, 0)`

// itemFields are the leading itemColumns: the item and its feed's title.
const itemFields = `i.id, i.feed_id, i.key, i.hash, i.url, i.title, i.author, i.summary,
	i.content, i.published, i.updated, i.seen, f.title`

// itemSQL is the SQLite text of the item queries.
var itemSQL = sqlflow.ItemSQL{
	List: itemsQuery,
	After: `SELECT ` + itemFields + `, 0, 0 FROM items i JOIN feeds f ON f.id = i.feed_id
		 WHERE i.id > ? ORDER BY i.id LIMIT ?`,
	Interest: `SELECT ` + itemColumns + ` FROM item_states st
		 JOIN items i ON i.id = st.item_id JOIN feeds f ON f.id = i.feed_id
		 JOIN subscriptions sub ON sub.user_id = st.user_id AND sub.feed_id = i.feed_id
		 WHERE st.user_id = ? AND (st.starred = 1 OR st.opened IS NOT NULL)
		 ORDER BY st.opened DESC NULLS LAST, i.id DESC LIMIT ?`,
	ByID: itemByIDSQL,
	ByIDFollowed: itemByIDSQL +
		` AND EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = ? AND sub.feed_id = i.feed_id)`,
}

// itemByIDSQL selects an item (?) with the states of a user (?).
const itemByIDSQL = `SELECT ` + itemColumns + ` FROM items i JOIN feeds f ON f.id = i.feed_id
	LEFT JOIN item_states st ON st.user_id = ? AND st.item_id = i.id
	WHERE i.id = ?`

// itemsQuery builds the listing query for q: itemColumns and the sort
// time. Listings walk an index in their order (items_sort, or
// items_feed_sort for one feed) and stop after the page, so a page costs
// O(page), not a sort of all of a user's items: with every feed, the rows
// walked are about the page divided by the share of stored items in the
// user's feeds, or in the unread ones with UnreadOnly. Starred listings
// start from the user's few starred items and sort those instead. A
// listing continued from a cursor is, as stream listings are (sqlflow's
// StreamEntriesSQL), the union of the rest of the cursor's tied group and
// the items past its sort time, each a range of the index: SQLite bounds
// a range by a row value only on columns other than the rowid, so
// (sort_at, id) < (?, ?) would read the tied group down to the cursor.
func itemsQuery(q vigil.ItemQuery) (string, []any) {
	cursor, op, order := q.Before, `<`, `DESC`
	if !q.After.IsZero() {
		// The nearest newer items: the index walked the other way.
		cursor, op, order = q.After, `>`, `ASC`
	}
	query, args := itemsSelect(q)
	if !cursor.IsZero() {
		at := store.Nanos(cursor.At).Int64
		rest := query + `AND i.sort_at ` + op + ` ? `
		query += `AND i.sort_at = ? AND i.id ` + op + ` ? UNION ALL ` + rest
		args = append(append(append(slices.Clip(args), at, cursor.ID), args...), at)
	}
	query += `ORDER BY i.sort_at ` + order + `, i.id ` + order + ` LIMIT ? OFFSET ?`
	return query, append(args, store.PageLimit(q.Limit), q.Offset)
}

// itemsSelect selects itemColumns and the sort time of the items that q's
// feeds and filters keep, leaving out its cursors (but Before when After
// is set too), and returns the arguments; the conditions end with a
// space, for more.
func itemsSelect(q vigil.ItemQuery) (string, []any) {
	var b strings.Builder
	b.WriteString(`SELECT ` + itemColumns + `, i.sort_at FROM items i ` + itemsIndex(q) + ` JOIN feeds f ON f.id = i.feed_id
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
	if !q.Before.IsZero() && !q.After.IsZero() {
		// Both cursors: After orders and bounds the index range.
		b.WriteString(`AND (i.sort_at, i.id) < (?, ?) `)
		args = append(args, store.Nanos(q.Before.At).Int64, q.Before.ID)
	}
	return b.String(), args
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
