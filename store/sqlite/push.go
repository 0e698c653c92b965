package sqlite

import "vigil/store/sqlflow"

// pushColumns are the columns store.ScanPush reads.
const pushColumns = `feed_id, hub, topic, state, callback_key, secret, requested_at, lease_until, last_push_at, note`

// pushSQL is the SQLite text of the WebSub subscription statements.
var pushSQL = sqlflow.PushSQL{
	Save: `INSERT INTO push_subscriptions (` + pushColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (feed_id) DO UPDATE SET hub = excluded.hub, topic = excluded.topic, state = excluded.state,
			callback_key = excluded.callback_key, secret = excluded.secret, requested_at = excluded.requested_at,
			lease_until = excluded.lease_until, last_push_at = excluded.last_push_at, note = excluded.note`,
	Get:    `SELECT ` + pushColumns + ` FROM push_subscriptions WHERE feed_id = ?`,
	List:   `SELECT ` + pushColumns + ` FROM push_subscriptions ORDER BY feed_id`,
	Remove: `DELETE FROM push_subscriptions WHERE feed_id = ?`,
}
