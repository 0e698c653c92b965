package sqlite

import "vigil/store/sqlflow"

// channelColumns are the columns store.ScanChannel reads.
const channelColumns = `id, user_id, url, shown, created_at, failures, last_error, last_error_at, last_sent_at`

// ruleColumns are the columns store.ScanAlertRule reads.
const ruleColumns = `id, user_id, feed_id, query, created_at`

// alertSQL is the SQLite text of the channel, rule and outbox statements.
var alertSQL = sqlflow.AlertSQL{
	AddChannel:    `INSERT INTO notify_channels (user_id, url, shown, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
	Channels:      `SELECT ` + channelColumns + ` FROM notify_channels WHERE user_id = ? ORDER BY id`,
	Channel:       `SELECT ` + channelColumns + ` FROM notify_channels WHERE user_id = ? AND id = ?`,
	RemoveChannel: `DELETE FROM notify_channels WHERE user_id = ? AND id = ?`,
	Delivered:     `UPDATE notify_channels SET failures = 0, last_sent_at = ?2 WHERE id = ?1`,
	Failed: `UPDATE notify_channels SET failures = failures + 1, last_error = ?2, last_error_at = ?3
		WHERE id = ?1`,
	AddRule:    `INSERT INTO alert_rules (user_id, feed_id, query, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
	Subscribed: `SELECT 1 FROM subscriptions WHERE user_id = ? AND feed_id = ?`,
	Rules:      `SELECT ` + ruleColumns + ` FROM alert_rules WHERE user_id = ? ORDER BY id`,
	RemoveRule: `DELETE FROM alert_rules WHERE user_id = ? AND id = ?`,
	LockUser:   `SELECT id FROM users WHERE id = ?`,
	CountRules: `SELECT COUNT(*) FROM alert_rules WHERE user_id = ?`,
	RuleTargets: `SELECT c.id, r.id, r.query FROM (
			SELECT id, user_id, feed_id, query, row_number() OVER (PARTITION BY user_id ORDER BY id) AS n
			FROM alert_rules WHERE user_id IN (SELECT user_id FROM subscriptions WHERE feed_id = ?1)) r
		JOIN notify_channels c ON c.user_id = r.user_id
		WHERE r.n <= ?2 AND (r.feed_id IS NULL OR r.feed_id = ?1)
		  AND EXISTS (SELECT 1 FROM feeds f WHERE f.id = ?1 AND f.last_success IS NOT NULL)
		ORDER BY c.id, r.id`,
	StoredKeys: `SELECT key FROM items WHERE feed_id = ?1 AND key IN (SELECT value FROM json_each(?2))`,
	FollowTargets: `SELECT c.id, s.user_id, coalesce(pf.threshold, 'significant') FROM subscriptions s
		JOIN notify_channels c ON c.user_id = s.user_id
		LEFT JOIN page_follows pf ON pf.user_id = s.user_id AND pf.feed_id = s.feed_id
		WHERE s.feed_id = ? ORDER BY c.id`,
	Enqueue: `INSERT INTO outbox (channel_id, kind, ref_id, title, link, body, created_at, next_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
	ClaimChannels: `UPDATE notify_channels SET send_after = ?1
		WHERE id IN (SELECT c.id FROM notify_channels c WHERE c.send_after <= ?2
			AND EXISTS (SELECT 1 FROM outbox o WHERE o.channel_id = c.id AND o.next_at <= ?2 AND o.lease_until < ?2)
			ORDER BY c.send_after, c.id LIMIT ?3) RETURNING id`,
	Claim: `UPDATE outbox SET lease_owner = ?1, lease_until = ?2
		WHERE channel_id IN (SELECT value FROM json_each(?4)) AND next_at <= ?3 AND lease_until < ?3 RETURNING id`,
	Claimed: `SELECT o.id, o.channel_id, c.url, o.kind, o.ref_id, o.title, o.link, o.body, o.created_at, o.attempts
		FROM outbox o JOIN notify_channels c ON c.id = o.channel_id
		WHERE o.id IN (SELECT value FROM json_each(?)) ORDER BY o.id`,
	Sent: `DELETE FROM outbox WHERE lease_owner = ? AND id IN (SELECT value FROM json_each(?))`,
	Retry: `UPDATE outbox SET lease_owner = '', lease_until = 0, attempts = attempts + 1, next_at = ?3
		WHERE lease_owner = ?1 AND id IN (SELECT value FROM json_each(?2))`,
	Pending: `SELECT COUNT(*) FROM outbox`,
}
