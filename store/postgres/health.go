package postgres

import "vigil/store/sqlflow"

// healthSQL is the PostgreSQL text of the readiness check and of the
// counts the health checks read. The probe rewrites the schema version's
// one row as it is, which a read-only session or a role that may not
// write refuses; Ping rolls it back.
var healthSQL = sqlflow.HealthSQL{
	Ready:      `SELECT version FROM vigil_schema`,
	WriteProbe: `UPDATE vigil_schema SET version = version`,
	CountDue: `SELECT count(*) FROM feeds f
		 WHERE (f.next_fetch IS NULL OR f.next_fetch <= $1)
		   AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)`,
	CountItemsAfter: `SELECT count(*) FROM items WHERE id > $1`,
}
