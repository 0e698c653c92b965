package postgres

import (
	"context"

	"vigil/store/sqlflow"
)

// Ping checks that the database answers a query on the schema and that the
// session may write (it is not a read-only replica or transaction); it
// changes nothing.
func (db *DB) Ping(ctx context.Context) error {
	var version int
	if err := db.pool.QueryRow(ctx, `SELECT version FROM vigil_schema`).Scan(&version); err != nil {
		return wrap("ping", err)
	}
	var readOnly string
	if err := db.pool.QueryRow(ctx, `SHOW transaction_read_only`).Scan(&readOnly); err != nil {
		return wrap("ping for writing", err)
	}
	if readOnly == "on" {
		return wrap("ping for writing", errReadOnly)
	}
	return nil
}

// healthSQL is the PostgreSQL text of the counts the health checks read.
var healthSQL = sqlflow.HealthSQL{
	CountDue: `SELECT count(*) FROM feeds f
		 WHERE (f.next_fetch IS NULL OR f.next_fetch <= $1)
		   AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id)`,
	CountItemsAfter: `SELECT count(*) FROM items WHERE id > $1`,
}
