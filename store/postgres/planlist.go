package postgres

import "vigil/store/sqlflow"

// planListSQL is the PostgreSQL text of the query of a re-plan's pages.
var planListSQL = sqlflow.PlanListSQL{
	Page: `SELECT f.id, f.created_at, f.last_fetch, f.last_success, f.next_fetch, f.failures,
			f.hints, f.item_window, f.model,
			(SELECT count(*) FROM subscriptions s WHERE s.feed_id = f.id),
			(SELECT COALESCE(sum(s.weight), 0) FROM subscriptions s WHERE s.feed_id = f.id)
		 FROM feeds f
		 WHERE f.id > $1 AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)
		 ORDER BY f.id
		 LIMIT $2`,
}
