package postgres

import "vigil/store/sqlflow"

// stateSQL is the PostgreSQL text of the statements of a reader's item
// states.
var stateSQL = sqlflow.StateSQL{
	Followed: `SELECT i.feed_id FROM items i JOIN subscriptions sub ON sub.feed_id = i.feed_id
		WHERE sub.user_id = $1 AND i.id = $2`,
	Read: `INSERT INTO item_states (user_id, item_id, feed_id, read) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (user_id, item_id) DO UPDATE SET read = excluded.read`,
	Star: `INSERT INTO item_states (user_id, item_id, feed_id, read, starred) VALUES ($1, $2, $3, false, $4)
		 ON CONFLICT (user_id, item_id) DO UPDATE SET starred = excluded.starred`,
	Open: `INSERT INTO item_states (user_id, item_id, feed_id, read, opened) VALUES ($1, $2, $3, true, $4)
		 ON CONFLICT (user_id, item_id) DO UPDATE SET read = true, opened = excluded.opened`,
}
