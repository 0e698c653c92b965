package postgres

import (
	"vigil/store"
	"vigil/store/sqlflow"
)

// streamSQL is the PostgreSQL text of the stream statements; a
// continuation compares rows (store.RowBound), a range of the sort index,
// and IDs are read all at once, as an array.
var streamSQL = sqlflow.StreamSQL{
	Entries: `SELECT i.id, i.feed_id, i.sort_at, COALESCE(st.read, false), COALESCE(st.starred, false) `,
	From: `FROM items i
	JOIN subscriptions sub ON sub.feed_id = i.feed_id AND sub.user_id = $1
	LEFT JOIN item_states st ON st.user_id = sub.user_id AND st.item_id = i.id `,
	Where:   `WHERE true `,
	Unread:  `NOT COALESCE(st.read, false)`,
	Read:    `st.read`,
	Starred: `st.starred`,
	After: func(add func(any) string, op string, at, id int64) string {
		op, id = store.RowBound(op, id)
		return `AND (i.sort_at, i.id) ` + op + ` (` + add(at) + `, ` + add(id) + `) `
	},
	MarkRead: `INSERT INTO item_states (user_id, item_id, feed_id, read)
		 SELECT sub.user_id, i.id, i.feed_id, true `,
	MarkReadEnd: `
		 ON CONFLICT (user_id, item_id) DO UPDATE SET read = true`,
	ByIDs: func(userID int64, ids []int64) (string, []any) {
		return `SELECT ` + itemColumns + ` FROM items i JOIN feeds f ON f.id = i.feed_id
		 JOIN subscriptions sub ON sub.feed_id = i.feed_id AND sub.user_id = $1
		 LEFT JOIN item_states st ON st.user_id = $1 AND st.item_id = i.id
		 WHERE i.id = ANY($2)`, []any{userID, ids}
	},
	Newest: `SELECT sub.feed_id, (SELECT max(i.sort_at) FROM items i WHERE i.feed_id = sub.feed_id)
		 FROM subscriptions sub WHERE sub.user_id = $1`,
}
