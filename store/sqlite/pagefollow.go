package sqlite

import "vigil/store/sqlflow"

// pageFollowSQL is the SQLite text of the statements about a follower's
// page settings.
var pageFollowSQL = sqlflow.PageFollowSQL{
	Read: `SELECT coalesce(pf.threshold, 'significant'), coalesce(pf.frequency, 'daily'), coalesce(pf.seen, 0), coalesce(pf.conditions, '[]')
		FROM subscriptions s JOIN pages p ON p.feed_id = s.feed_id
		LEFT JOIN page_follows pf ON pf.user_id = s.user_id AND pf.feed_id = s.feed_id
		WHERE s.user_id = ? AND s.feed_id = ?`,
	Set: `INSERT INTO page_follows (user_id, feed_id, threshold, frequency) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, feed_id) DO UPDATE SET threshold = excluded.threshold, frequency = excluded.frequency`,
	MarkSeen: `INSERT INTO page_follows (user_id, feed_id, seen) VALUES (?, ?, ?)
		ON CONFLICT (user_id, feed_id) DO UPDATE SET seen = max(seen, excluded.seen)`,
	SetConditions: `INSERT INTO page_follows (user_id, feed_id, conditions) VALUES (?, ?, ?)
		ON CONFLICT (user_id, feed_id) DO UPDATE SET conditions = excluded.conditions`,
	Conditions: `SELECT pf.user_id, pf.conditions FROM page_follows pf
		JOIN subscriptions s ON s.user_id = pf.user_id AND s.feed_id = pf.feed_id
		WHERE pf.feed_id = ? AND pf.conditions <> '[]' ORDER BY pf.user_id`,
	Followers: `SELECT count(*) FROM subscriptions WHERE feed_id = ?`,
}
