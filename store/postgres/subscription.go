package postgres

import "vigil/store/sqlflow"

// subscriptionColumns are the columns store.ScanSubscription reads, in order, for
// a subscription aliased sub joined to its feed f.
const subscriptionColumns = `sub.user_id, sub.weight, sub.created_at, sub.folder, sub.title,
	f.item_count - (SELECT count(*) FROM item_states st
		WHERE st.user_id = sub.user_id AND st.feed_id = f.id AND st.read),
	` + feedColumns

// subscriptionSQL is the PostgreSQL text of the subscription statements.
var subscriptionSQL = sqlflow.SubscriptionSQL{
	CreateFeed: `INSERT INTO feeds (url, status, created_at, next_fetch) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (url) DO NOTHING`,
	FeedByURL: `SELECT id FROM feeds WHERE url = $1`,
	Follow: `INSERT INTO subscriptions (user_id, feed_id, weight, created_at) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (user_id, feed_id) DO UPDATE SET weight = excluded.weight`,
	Delete: `DELETE FROM subscriptions WHERE user_id = $1 AND feed_id = $2`,
	List: `SELECT ` + subscriptionColumns + `
		 FROM subscriptions sub JOIN feeds f ON f.id = sub.feed_id
		 WHERE sub.user_id = $1
		 ORDER BY lower(COALESCE(NULLIF(f.title, ''), f.url)) COLLATE "C", f.id`,
	ByFeed: `SELECT ` + subscriptionColumns + `
		 FROM subscriptions sub JOIN feeds f ON f.id = sub.feed_id
		 WHERE sub.user_id = $1 AND sub.feed_id = $2`,
	ByFeeds: func(userID int64, feedIDs []int64) (string, []any) {
		return `SELECT ` + subscriptionColumns + `
		 FROM subscriptions sub JOIN feeds f ON f.id = sub.feed_id
		 WHERE sub.user_id = $1 AND sub.feed_id = ANY($2)`, []any{userID, feedIDs}
	},
}
