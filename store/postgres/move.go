package postgres

import "vigil/store/sqlflow"

// moveSQL is the PostgreSQL text of the statements that move a feed; the
// rows of both feeds are locked first.
var moveSQL = sqlflow.MoveSQL{
	LockURL:    `SELECT url FROM feeds WHERE id = $1 FOR UPDATE`,
	LockTarget: `SELECT id FROM feeds WHERE url = $1 FOR UPDATE`,
	Rename:     `UPDATE feeds SET url = $1 WHERE id = $2`,
	MergeSubscriptions: `INSERT INTO subscriptions (user_id, feed_id, weight, created_at)
		 SELECT user_id, $1, weight, created_at FROM subscriptions WHERE feed_id = $2
		 ON CONFLICT (user_id, feed_id) DO UPDATE SET weight = GREATEST(subscriptions.weight, excluded.weight)`,
	MergePageFollows: `INSERT INTO page_follows (user_id, feed_id, threshold, frequency, conditions)
		 SELECT user_id, $1, threshold, frequency, conditions FROM page_follows WHERE feed_id = $2
		 ON CONFLICT (user_id, feed_id) DO NOTHING`,
	DeleteSubscriptions: `DELETE FROM subscriptions WHERE feed_id = $1`,
	MoveLooks:           `UPDATE accesses SET feed_id = $1 WHERE feed_id = $2`,
	MoveAlertRules:      `UPDATE alert_rules SET feed_id = $1 WHERE feed_id = $2`,
	MergeItems: `UPDATE items SET feed_id = $1 WHERE feed_id = $2
		 AND key NOT IN (SELECT key FROM items WHERE feed_id = $3)`,
	CountItems: `UPDATE feeds SET item_count = item_count + $1 WHERE id = $2`,
	MoveStates: `UPDATE item_states SET feed_id = $1 WHERE feed_id = $2
		 AND item_id IN (SELECT id FROM items WHERE feed_id = $3)`,
	CopyStates: `INSERT INTO item_states (user_id, item_id, feed_id, read, starred, opened)
		 SELECT st.user_id, t.id, t.feed_id, st.read, st.starred, st.opened FROM item_states st
		 JOIN items o ON o.id = st.item_id
		 JOIN items t ON t.feed_id = $1 AND t.key = o.key
		 WHERE st.feed_id = $2
		 ON CONFLICT (user_id, item_id) DO UPDATE SET
			starred = item_states.starred OR excluded.starred,
			opened = GREATEST(item_states.opened, excluded.opened)`,
}
