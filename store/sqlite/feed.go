package sqlite

import "vigil/store/sqlflow"

// feedColumns are the columns store.ScanFeed reads, in order, for a feed aliased f:
// the stored state followed by the derived fields.
const feedColumns = `f.id, f.url, f.title, f.site_url, f.description, f.language, f.status,
	f.created_at, f.etag, f.last_modified, f.last_fetch, f.last_success, f.next_fetch,
	f.last_status, f.last_error, f.failures, f.failing_since, f.missing, f.hints,
	f.item_window, f.model, f.rate, f.item_count,
	(SELECT count(*) FROM subscriptions s WHERE s.feed_id = f.id),
	(SELECT COALESCE(sum(s.weight), 0) FROM subscriptions s WHERE s.feed_id = f.id),
	(SELECT max(i.sort_at) FROM items i WHERE i.feed_id = f.id)`

// feedSQL is the SQLite text of the feed statements.
var feedSQL = sqlflow.FeedSQL{
	ByID: `SELECT ` + feedColumns + ` FROM feeds f WHERE f.id = ?`,
	ToFetch: `SELECT ` + feedColumns + `, EXISTS (SELECT 1 FROM pages p WHERE p.feed_id = f.id),
			EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.feed_id = f.id)
		 FROM feeds f WHERE f.id IN (SELECT value FROM json_each(?))`,
	List: `SELECT ` + feedColumns + ` FROM feeds f ORDER BY f.id`,
	Due: `SELECT ` + feedColumns + ` FROM feeds f
		 WHERE (f.next_fetch IS NULL OR f.next_fetch <= ?)
		   AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)
		 ORDER BY f.next_fetch, f.id
		 LIMIT ?`,
	SetNextFetch: `UPDATE feeds SET next_fetch = ? WHERE id = ?`,
	Reschedule:   `UPDATE feeds SET next_fetch = ? WHERE id = ? AND next_fetch IS ? AND failures = 0`,
	SetTitle:     `UPDATE feeds SET title = ? WHERE id = ? AND title = ''`,
}
