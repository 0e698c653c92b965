package postgres

import (
	"fmt"
	"strings"

	"vigil"
	"vigil/store"
	"vigil/store/sqlflow"
)

// itemColumns are the columns store.ScanItem reads, in order, for an item aliased
// i, its feed f and the reader's state st (which may be absent).
const itemColumns = itemFields + `, COALESCE(st.read, false), COALESCE(st.starred, false)`

// itemFields are the leading itemColumns: the item and its feed's title.
const itemFields = `i.id, i.feed_id, i.key, i.hash, i.url, i.title, i.author, i.summary,
	i.content, i.published, i.updated, i.seen, f.title`

// itemSQL is the PostgreSQL text of the item queries.
var itemSQL = sqlflow.ItemSQL{
	List: itemsQuery,
	After: `SELECT ` + itemFields + `, false, false FROM items i JOIN feeds f ON f.id = i.feed_id
		 WHERE i.id > $1 ORDER BY i.id LIMIT $2`,
	Interest: `SELECT ` + itemColumns + ` FROM item_states st
		 JOIN items i ON i.id = st.item_id JOIN feeds f ON f.id = i.feed_id
		 JOIN subscriptions sub ON sub.user_id = st.user_id AND sub.feed_id = i.feed_id
		 WHERE st.user_id = $1 AND (st.starred OR st.opened IS NOT NULL)
		 ORDER BY st.opened DESC NULLS LAST, i.id DESC LIMIT $2`,
	ByID: itemByIDSQL,
	ByIDFollowed: itemByIDSQL +
		` AND EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = $3 AND sub.feed_id = i.feed_id)`,
}

// itemByIDSQL selects an item ($2) with the states of a user ($1).
const itemByIDSQL = `SELECT ` + itemColumns + ` FROM items i JOIN feeds f ON f.id = i.feed_id
	LEFT JOIN item_states st ON st.user_id = $1 AND st.item_id = i.id
	WHERE i.id = $2`

// params numbers the placeholders of a query as its arguments are added.
type params struct{ args []any }

// add appends an argument and returns its placeholder.
func (p *params) add(v any) string {
	p.args = append(p.args, v)
	return fmt.Sprintf("$%d", len(p.args))
}

// rowBound returns the condition of the items after c in the order of op
// (< newest first, > oldest first), a range of the sort index.
func (p *params) rowBound(op string, c vigil.ItemCursor) string {
	op, id := store.RowBound(op, c.ID)
	return `AND (i.sort_at, i.id) ` + op + ` (` + p.add(store.Nanos(c.At).Int64) + `, ` + p.add(id) + `) `
}

// itemsQuery builds the listing query for q: itemColumns and the sort
// time.
func itemsQuery(q vigil.ItemQuery) (string, []any) {
	var b strings.Builder
	var p params
	b.WriteString(`SELECT ` + itemColumns + `, i.sort_at FROM items i JOIN feeds f ON f.id = i.feed_id `)
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
		b.WriteString(p.rowBound(`<`, q.Before))
	}
	if !q.After.IsZero() {
		// The nearest newer items: the index walked the other way.
		b.WriteString(p.rowBound(`>`, q.After))
		b.WriteString(`ORDER BY i.sort_at, i.id LIMIT ` + p.add(store.PageLimit(q.Limit)) + ` OFFSET ` + p.add(q.Offset))
		return b.String(), p.args
	}
	b.WriteString(`ORDER BY i.sort_at DESC, i.id DESC LIMIT ` + p.add(store.PageLimit(q.Limit)) + ` OFFSET ` + p.add(q.Offset))
	return b.String(), p.args
}
