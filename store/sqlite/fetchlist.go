package sqlite

import "vigil/store/sqlflow"

// fetchListSQL is the SQLite text of the queries of a fetch pass's list.
var fetchListSQL = sqlflow.FetchListSQL{
	All: `SELECT f.id, f.url, f.hints FROM feeds f
		 WHERE EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)
		 ORDER BY f.id`,
	Due: `SELECT f.id, f.url, f.hints FROM feeds f
		 WHERE (f.next_fetch IS NULL OR f.next_fetch <= ?)
		   AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)
		 ORDER BY f.next_fetch, f.id`,
}
