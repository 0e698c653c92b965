package sqlite

import "vigil/store/sqlflow"

// healthSQL is the SQLite text of the readiness check and of the counts
// the health checks read. The probe creates a table that Ping's rollback
// removes: a write of the schema page that any database has, empty or
// not.
var healthSQL = sqlflow.HealthSQL{
	Ready:      `SELECT count(*) FROM sqlite_schema`,
	WriteProbe: `CREATE TABLE vigil_ready_probe (x INTEGER)`,
	CountDue: `SELECT count(*) FROM feeds f
		 WHERE (f.next_fetch IS NULL OR f.next_fetch <= ?)
		   AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)`,
	CountItemsAfter: `SELECT count(*) FROM items WHERE id > ?`,
}
