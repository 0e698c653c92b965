package sqlite

import (
	"context"

	"vigil/store/sqlflow"
)

// Ping checks that both the reading pool and the writing connection
// answer a query on the schema; it changes nothing.
func (db *DB) Ping(ctx context.Context) error {
	var n int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema`).Scan(&n); err != nil {
		return wrap("ping for reading", err)
	}
	if err := db.write.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema`).Scan(&n); err != nil {
		return wrap("ping for writing", err)
	}
	return nil
}

// healthSQL is the SQLite text of the counts the health checks read.
var healthSQL = sqlflow.HealthSQL{
	CountDue: `SELECT count(*) FROM feeds f
		 WHERE (f.next_fetch IS NULL OR f.next_fetch <= ?)
		   AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)`,
	CountItemsAfter: `SELECT count(*) FROM items WHERE id > ?`,
}
