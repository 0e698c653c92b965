package sqlite

import "vigil/store/sqlflow"

// moveSQL is the SQLite text of the statements that move a feed. A
// transaction holds the only writing connection, so it locks no row.
var moveSQL = sqlflow.MoveSQL{
	LockURL:    `SELECT url FROM feeds WHERE id = ?`,
	LockTarget: `SELECT id FROM feeds WHERE url = ?`,
	Rename:     `UPDATE feeds SET url = ? WHERE id = ?`,
	MergeSubscriptions: `INSERT INTO subscriptions (user_id, feed_id, weight, created_at)
		 SELECT user_id, ?, weight, created_at FROM subscriptions WHERE feed_id = ?
		 ON CONFLICT (user_id, feed_id) DO UPDATE SET weight = max(weight, excluded.weight)`,
	MergePageFollows: `INSERT INTO page_follows (user_id, feed_id, threshold, frequency, conditions)
		 SELECT user_id, ?, threshold, frequency, conditions FROM page_follows WHERE feed_id = ?
		 ON CONFLICT (user_id, feed_id) DO NOTHING`,
	DeleteSubscriptions: `DELETE FROM subscriptions WHERE feed_id = ?`,
	MoveLooks:           `UPDATE accesses SET feed_id = ? WHERE feed_id = ?`,
	MoveAlertRules:      `UPDATE alert_rules SET feed_id = ? WHERE feed_id = ?`,
	MergeItems: `UPDATE items SET feed_id = ? WHERE feed_id = ?
		 AND key NOT IN (SELECT key FROM items WHERE feed_id = ?)`,
	CountItems: `UPDATE feeds SET item_count = item_count + ? WHERE id = ?`,
	MoveStates: `UPDATE item_states SET feed_id = ? WHERE feed_id = ?
		 AND item_id IN (SELECT id FROM items WHERE feed_id = ?)`,
	CopyStates: `INSERT INTO item_states (user_id, item_id, feed_id, read, starred, opened)
		 SELECT st.user_id, t.id, t.feed_id, st.read, st.starred, st.opened FROM item_states st
		 JOIN items o ON o.id = st.item_id
		 JOIN items t ON t.feed_id = ? AND t.key = o.key
		 WHERE st.feed_id = ?
		 ON CONFLICT (user_id, item_id) DO UPDATE SET
			starred = max(starred, excluded.starred),
			opened = COALESCE(max(opened, excluded.opened), opened, excluded.opened)`,
}
