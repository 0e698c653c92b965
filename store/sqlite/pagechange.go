package sqlite

import "vigil/store/sqlflow"

// changeColumns are the columns store.ScanChange reads for a change c of feed f.
const changeColumns = `c.id, c.feed_id, f.url, f.title, c.at, c.grp, c.version_id, c.prev_id, c.extents, c.severity, c.summary, c.withheld`

// changeSQL selects changes with their feeds.
const changeSQL = `SELECT ` + changeColumns + ` FROM page_changes c JOIN feeds f ON f.id = c.feed_id WHERE `

// pageChangeSQL is the SQLite text of the page change statements; a list
// of IDs is a JSON array.
var pageChangeSQL = sqlflow.PageChangeSQL{
	List: changeSQL,
	Evaluations: `SELECT e.change_id, e.user_id, u.name, e.rating, e.comment, e.at
		FROM evaluations e JOIN users u ON u.id = e.user_id
		WHERE e.change_id IN (SELECT value FROM json_each(?)) ORDER BY e.at, e.user_id`,
	ByID:         changeSQL + `c.id = ?`,
	ByIDFollowed: changeSQL + `c.id = ? AND c.feed_id IN (SELECT feed_id FROM subscriptions WHERE user_id = ?)`,
	Evaluate: `INSERT INTO evaluations (change_id, user_id, rating, comment, at)
		SELECT c.id, ?2, ?3, ?4, ?5 FROM page_changes c
		WHERE c.id = ?1 AND c.feed_id IN (SELECT feed_id FROM subscriptions WHERE user_id = ?2)
		ON CONFLICT (change_id, user_id) DO UPDATE SET rating = excluded.rating, comment = excluded.comment, at = excluded.at`,
	AddGroup: `INSERT INTO page_changes (feed_id, version_id, prev_id, grp, at, extents, severity, summary)
		SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE NOT EXISTS
		(SELECT 1 FROM page_changes WHERE feed_id = ?1 AND grp = ?4 AND version_id = ?2 AND prev_id = ?3)
		RETURNING id`,
}
