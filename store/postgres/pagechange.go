package postgres

import "vigil/store/sqlflow"

// changeColumns are the columns store.ScanChange reads for a change c of feed f.
const changeColumns = `c.id, c.feed_id, f.url, f.title, c.at, c.grp, c.version_id, c.prev_id, c.extents, c.severity, c.summary, c.withheld`

// changeSQL selects changes with their feeds.
const changeSQL = `SELECT ` + changeColumns + ` FROM page_changes c JOIN feeds f ON f.id = c.feed_id WHERE `

// pageChangeSQL is the PostgreSQL text of the page change statements; a
// list of IDs is an array.
var pageChangeSQL = sqlflow.PageChangeSQL{
	List: changeSQL,
	Evaluations: `SELECT e.change_id, e.user_id, u.name, e.rating, e.comment, e.at
		FROM evaluations e JOIN users u ON u.id = e.user_id
		WHERE e.change_id = ANY($1) ORDER BY e.at, e.user_id`,
	ByID:         changeSQL + `c.id = $1`,
	ByIDFollowed: changeSQL + `c.id = $1 AND c.feed_id IN (SELECT feed_id FROM subscriptions WHERE user_id = $2)`,
	Evaluate: `INSERT INTO evaluations (change_id, user_id, rating, comment, at)
		SELECT c.id, $2::bigint, $3::text, $4::text, $5::bigint FROM page_changes c
		WHERE c.id = $1 AND c.feed_id IN (SELECT feed_id FROM subscriptions WHERE user_id = $2::bigint)
		ON CONFLICT (change_id, user_id) DO UPDATE SET rating = excluded.rating, comment = excluded.comment, at = excluded.at`,
	AddGroup: `INSERT INTO page_changes (feed_id, version_id, prev_id, grp, at, extents, severity, summary)
		SELECT $1::bigint, $2::bigint, $3::bigint, $4::text, $5::bigint, $6::text, $7::text, $8::text WHERE NOT EXISTS
		(SELECT 1 FROM page_changes WHERE feed_id = $1::bigint AND grp = $4::text AND version_id = $2::bigint AND prev_id = $3::bigint)
		RETURNING id`,
}
