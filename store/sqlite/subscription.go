package sqlite

import (
	"strings"

	"vigil/store/sqlflow"
)

// subscriptionColumns are the columns store.ScanSubscription reads, in order, for
// a subscription aliased sub joined to its feed f.
const subscriptionColumns = `sub.user_id, sub.weight, sub.created_at, sub.folder, sub.title,
	f.item_count - (SELECT count(*) FROM item_states st
		WHERE st.user_id = sub.user_id AND st.feed_id = f.id AND st.read = 1),
	` + feedColumns

// subscriptionSQL is the SQLite text of the subscription statements.
var subscriptionSQL = sqlflow.SubscriptionSQL{
	CreateFeed: `INSERT INTO feeds (url, status, created_at, next_fetch) VALUES (?, ?, ?, ?)
		 ON CONFLICT (url) DO NOTHING`,
	FeedByURL: `SELECT id FROM feeds WHERE url = ?`,
	Follow: `INSERT INTO subscriptions (user_id, feed_id, weight, created_at) VALUES (?, ?, ?, ?)
		 ON CONFLICT (user_id, feed_id) DO UPDATE SET weight = excluded.weight`,
	Delete: `DELETE FROM subscriptions WHERE user_id = ? AND feed_id = ?`,
	List: `SELECT ` + subscriptionColumns + `
		 FROM subscriptions sub JOIN feeds f ON f.id = sub.feed_id
		 WHERE sub.user_id = ?
		 ORDER BY COALESCE(NULLIF(f.title, ''), f.url) COLLATE NOCASE, f.id`,
	ByFeed: `SELECT ` + subscriptionColumns + `
		 FROM subscriptions sub JOIN feeds f ON f.id = sub.feed_id
		 WHERE sub.user_id = ? AND sub.feed_id = ?`,
	ByFeeds:      subscriptionsByFeedsQuery,
	ByFeedsBatch: 500,
}

// subscriptionsByFeedsQuery selects the user's subscriptions to those
// feeds, one placeholder a feed ID.
func subscriptionsByFeedsQuery(userID int64, feedIDs []int64) (string, []any) {
	args := []any{userID}
	for _, id := range feedIDs {
		args = append(args, id)
	}
	return `SELECT ` + subscriptionColumns + `
		 FROM subscriptions sub JOIN feeds f ON f.id = sub.feed_id
		 WHERE sub.user_id = ? AND sub.feed_id IN (?` + strings.Repeat(`, ?`, len(feedIDs)-1) + `)`, args
}
